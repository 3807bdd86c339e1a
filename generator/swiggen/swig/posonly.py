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
(and swiggen_fastargs, fastcall.swg) read as positional-only, then removes the lines.

The same table names a count folded into the parameter after it by the count: SWIG names a
multi-argument typemap's one argument by its first parameter (`joined(int argc, const char
**argv)` took `argc=`, where the stub says `argv`). Such functions have a line of their own,

    /* swiggen keyword joined: argc=argv */

and this pass puts the second name in the table in place of the first. Overload
sets take keywords through kwdispatch.py, whose table has `""` for such parameters already.
Linear in the text: one pass for the lines, one over the wrapper definitions.
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END, KWNAMES, Edit, apply

TABLE_LINE = re.compile(r"^/\* swiggen positional (?P<sym>\w+):(?P<names>(?: \w+)+) \*/\n",
                        re.M)
#: a count folded into the parameter after it (`(int argc, char **argv)`): SWIG's table names
#: the pair by the count, Python binds it by the parameter's name
RENAME_LINE = re.compile(r"^/\* swiggen keyword (?P<sym>\w+):(?P<pairs>(?: \w+=\w+)+) \*/\n",
                         re.M)
_DEF = re.compile(r"^SWIGINTERN (?:PyObject \*|int )(?P<name>_wrap_\w+)\(", re.M)


def read_table(text: str) -> dict[str, frozenset[str]]:
    """SWIG wrapper name -> the parameter names its keyword table must not offer."""
    return {"_wrap_" + m.group("sym"): frozenset(m.group("names").split())
            for m in TABLE_LINE.finditer(text)}


def read_renames(text: str) -> dict[str, dict[str, str]]:
    """SWIG wrapper name -> {name in its keyword table: the name Python binds}."""
    return {"_wrap_" + m.group("sym"): dict(p.split("=") for p in m.group("pairs").split())
            for m in RENAME_LINE.finditer(text)}


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper with the listed names blanked and the lines removed; how many wrappers'
    tables were blanked."""
    table, renames = read_table(text), read_renames(text)
    if not table and not renames:
        return text, 0
    edits: list[Edit] = [(m.start(), m.end(), "") for m in TABLE_LINE.finditer(text)]
    edits += [(m.start(), m.end(), "") for m in RENAME_LINE.finditer(text)]
    done = 0
    for m in _DEF.finditer(text):
        names = table.get(m.group("name"), frozenset())
        to = renames.get(m.group("name"), {})
        end = BODY_END.search(text, m.end()) if names or to else None
        kw = KWNAMES.search(text, m.end(), end.start()) if end else None
        if kw is None:
            continue
        start = kw.start("names")
        blanked = re.sub(r'\(char \*\)"(\w+)"',
                         lambda n: '(char *)""' if n.group(1) in names else
                         f'(char *)"{to[n.group(1)]}"' if n.group(1) in to else n.group(),
                         kw.group("names"))
        if blanked != kw.group("names"):
            edits.append((start, kw.end("names"), blanked))
            done += 1
    return apply(text, sorted(edits)), done
