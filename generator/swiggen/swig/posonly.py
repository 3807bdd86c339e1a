"""posonly: parameters C++ leaves unnamed are positional-only (post-processing).

`bool Visit(const XMLText&)` has no parameter name for Python to bind a keyword to: the model
makes one up (`arg0`), and the stub and the text signature mark it positional-only (`/`, with
every parameter before it). SWIG's keyword table names it all the same:

    char * kwnames[] = {
      (char *)"arg0",  NULL
    };

so `Visit(arg0=x)` would be taken. The interface lists, for each function SWIG gives keywords
whose first parameters are positional-only, their names in that table (lower/kwforms.py; one
comment line each in the wrapper's header section):

    /* swiggen positional XMLPrinter_Visit: arg0 */

and this pass blanks those names in the wrapper's table, which Python's own argument parser
(and swiggen_fastargs, fastcall.swg) read as positional-only, then removes the lines. Overload
sets take keywords through kwdispatch.py, whose table has `""` for such parameters already.
Linear in the text: one pass for the lines, one over the wrapper definitions.
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END, KWNAMES, Edit, apply

TABLE_LINE = re.compile(r"^/\* swiggen positional (?P<sym>\w+):(?P<names>(?: \w+)+) \*/\n",
                        re.M)
_DEF = re.compile(r"^SWIGINTERN (?:PyObject \*|int )(?P<name>_wrap_\w+)\(", re.M)


def read_table(text: str) -> dict[str, frozenset[str]]:
    """SWIG wrapper name -> the parameter names its keyword table must not offer."""
    return {"_wrap_" + m.group("sym"): frozenset(m.group("names").split())
            for m in TABLE_LINE.finditer(text)}


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper with the listed names blanked and the lines removed; how many wrappers'
    tables were blanked."""
    table = read_table(text)
    if not table:
        return text, 0
    edits: list[Edit] = [(m.start(), m.end(), "") for m in TABLE_LINE.finditer(text)]
    done = 0
    for m in _DEF.finditer(text):
        names = table.get(m.group("name"))
        end = BODY_END.search(text, m.end()) if names else None
        kw = KWNAMES.search(text, m.end(), end.start()) if names and end else None
        if kw is None or names is None:
            continue
        start = kw.start("names")
        blanked = re.sub(r'\(char \*\)"(\w+)"',
                         lambda n: '(char *)""' if n.group(1) in names else n.group(),
                         kw.group("names"))
        if blanked != kw.group("names"):
            edits.append((start, kw.end("names"), blanked))
            done += 1
    return apply(text, sorted(edits)), done
