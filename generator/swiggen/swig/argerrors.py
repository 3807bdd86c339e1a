"""argerrors: SWIG's argument failures name the object they refused (post-processing).

SWIG's `in` typemaps fail with a message fixed when SWIG wrote the wrapper:

    res2 = SWIG_ConvertPtr(obj1, &argp2, SWIGTYPE_p_geo__Point, 0 | 0);
    if (!SWIG_IsOK(res2)) {
      SWIG_exception_fail(SWIG_ArgError(res2), "in method '" "Shape_move" "', argument " "2"" of type '" "geo::Point const &""'");

Each such failure (and SWIG's "invalid null reference" one) becomes

      SWIGGEN_ARG_FAIL(SWIG_ArgError(res2), "Shape_move", 2, obj1, "geo::Point const &");

which interfaces/python/errors.swg turns into `Shape.move() argument 'to' (position 1) must be Point,
not str` from the module's signature table (lower/errors.py). The object is the first argument
of the last conversion call before the failure in the same wrapper (`obj1`, `swig_obj[0]`,
`self`); where none is found it is 0 and the message leaves out the type passed. Lines of
other shapes stay as SWIG wrote them. One pass over the lines: linear in the text.
"""

from __future__ import annotations

import bisect
import re

_FAIL = re.compile(
    r"SWIG_exception_fail\((?P<code>[^\"\n]*?), (?:\"invalid null reference \" )?\"in method '\" "
    r"\"(?P<sym>\w+)\" \"', argument \" \"(?P<num>\d+)\"\" of type '\" \"(?P<type>[^\"\n]*)\"\"'\""
    r"\);")
#: a call whose first argument is a wrapper's Python argument
_INPUT = re.compile(r"\b(?!if\b|while\b|switch\b|return\b|sizeof\b)\w+ ?\( ?"
                    r"(?P<obj>obj\d+|swig_obj\[\d+\]|self|args|argv\[\d+\])[,)]")
#: where `_INPUT` can match: its argument after the parenthesis (a literal start, so the regex
#: engine jumps between candidates); the lines holding one are then read with `_INPUT`
_ARGUMENT = re.compile(r"\( ?(?:obj\d+|swig_obj\[\d+\]|self|args|argv\[\d+\])[,)]")
_EVENT = re.compile(r"^SWIGINTERN |SWIG_exception_fail\(", re.M)


def rewrite(text: str) -> tuple[str, int]:
    """`text` with SWIG's argument failures passing their object; and how many.

    Line by line: a wrapper's first line (`SWIGINTERN`) forgets the object; a failure line gets
    the object of the last line before it with a conversion call (`_INPUT`). Found with three
    scans of the whole text for literal starts (linear), not a Python step per line."""
    if "SWIGGEN_ARG_FAIL(code, symname" not in text:
        return text, 0  # not a swiggen module (errors.swg defines the macro)
    # lines starting a wrapper or holding a failure: (line start, line end, is a failure)
    events: list[tuple[int, int, bool]] = []
    for m in _EVENT.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if events and events[-1][0] == start:
            continue  # a second failure on the line, or a wrapper's line with one
        end = text.find("\n", m.end())
        events.append((start, len(text) if end < 0 else end + 1, m.group() != "SWIGINTERN "))
    skipped = {e[0] for e in events}
    # the object of each line's last conversion call, by line start
    objects: dict[int, str] = {}
    for m in _ARGUMENT.finditer(text):
        at = text.rfind("\n", 0, m.start()) + 1
        if at in skipped or at in objects:
            continue
        end = text.find("\n", m.end())
        found = None
        for found in _INPUT.finditer(text, at, len(text) if end < 0 else end):
            pass
        objects[at] = found.group("obj") if found is not None else ""
    lines = sorted(objects)
    out: list[str] = []
    pos, count, last, seen = 0, 0, "0", 0
    for start, end, failure in events:
        # the last conversion line between the previous event and this one
        i = bisect.bisect_left(lines, start, seen)
        for j in range(i - 1, seen - 1, -1):
            if objects[lines[j]]:
                last = objects[lines[j]]
                break
        seen = i
        if not failure:
            last = "0"
            continue
        line = text[start:end]
        fail = _FAIL.search(line)
        if fail is not None:
            out += [text[pos:start], line[:fail.start()],
                    f'SWIGGEN_ARG_FAIL({fail.group("code")}, "{fail.group("sym")}", '
                    f'{fail.group("num")}, {last}, "{fail.group("type")}");', line[fail.end():]]
            count += 1
            pos = end
    out.append(text[pos:])
    return "".join(out), count
