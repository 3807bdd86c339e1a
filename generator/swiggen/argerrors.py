"""argerrors: SWIG's argument failures name the object they refused (post-processing).

SWIG's `in` typemaps fail with a message fixed when SWIG wrote the wrapper:

    res2 = SWIG_ConvertPtr(obj1, &argp2, SWIGTYPE_p_geo__Point, 0 | 0);
    if (!SWIG_IsOK(res2)) {
      SWIG_exception_fail(SWIG_ArgError(res2), "in method '" "Shape_move" "', argument " "2"" of type '" "geo::Point const &""'");

Each such failure (and SWIG's "invalid null reference" one) becomes

      SWIGGEN_ARG_FAIL(SWIG_ArgError(res2), "Shape_move", 2, obj1, "geo::Point const &");

which interfaces/errors.swg turns into `Shape.move() argument 'to' (position 1) must be Point,
not str` from the module's signature table (lower/errors.py). The object is the first argument
of the last conversion call before the failure in the same wrapper (`obj1`, `swig_obj[0]`,
`self`); where none is found it is 0 and the message leaves out the type passed. Lines of
other shapes stay as SWIG wrote them. One pass over the lines: linear in the text.
"""

from __future__ import annotations

import re

_FAIL = re.compile(
    r"SWIG_exception_fail\((?P<code>[^\"\n]*?), (?:\"invalid null reference \" )?\"in method '\" "
    r"\"(?P<sym>\w+)\" \"', argument \" \"(?P<num>\d+)\"\" of type '\" \"(?P<type>[^\"\n]*)\"\"'\""
    r"\);")
#: a call whose first argument is a wrapper's Python argument
_INPUT = re.compile(r"\b(?!if\b|while\b|switch\b|return\b|sizeof\b)\w+ ?\( ?"
                    r"(?P<obj>obj\d+|swig_obj\[\d+\]|self|args|argv\[\d+\])[,)]")
_FUNCTION = re.compile(r"^SWIGINTERN ")


def rewrite(text: str) -> tuple[str, int]:
    """`text` with SWIG's argument failures passing their object; and how many."""
    if "SWIGGEN_ARG_FAIL(code, symname" not in text:
        return text, 0  # not a swiggen module (errors.swg defines the macro)
    out: list[str] = []
    last = "0"
    count = 0
    for line in text.splitlines(keepends=True):
        if _FUNCTION.match(line):
            last = "0"
        elif "SWIG_exception_fail(" in line:
            m = _FAIL.search(line)
            if m is not None:
                line = (line[:m.start()] + f'SWIGGEN_ARG_FAIL({m.group("code")}, '
                        f'"{m.group("sym")}", {m.group("num")}, {last}, "{m.group("type")}");'
                        + line[m.end():])
                count += 1
        elif "(" in line:
            found = None
            for found in _INPUT.finditer(line):
                pass
            if found is not None:
                last = found.group("obj")
        out.append(line)
    return "".join(out), count
