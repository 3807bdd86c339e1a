"""splitsignatures: each unit of a split wrapper holds the signature rows of its own wrappers.

The module's init function (templates/python/errors.i.j2) defines the table of Python
signatures that argument errors read (interfaces/python/errors.swg), one row per SWIG symbol:

    static const swiggen_signature table[] = {
      {"Vector_add", "f\\tVector.add\\n..."},
      ...
      {0, 0}
    };
    static swiggen_signature_rows rows = {table, 0, 0, 0};
    swiggen_add_signatures(&rows);

(SWIG lays the rows out on lines of its own). In unit 0 the table changes whenever a function is
added. Split (split.py), the row of symbol S goes to the unit of its wrapper `_wrap_S`, as
`swiggen_signatures_K`, and unit 0 adds every unit's table after its own; rows of no wrapper stay.
Unit 0 names every unit's table, rows or not, so it does not change when one gains a row. A
table not in this shape stays whole in unit 0.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_START = "static const swiggen_signature table[] = {"
_ROW = re.compile(r'\s*\{\s*"(?P<sym>\w+)",\s*(?:"(?:[^"\\\n]|\\.)*"\s*)+\},')
_END = re.compile(r"\s*\{\s*0,\s*0\s*\}\s*\};")
_ADD = re.compile(r"\s*static swiggen_signature_rows rows = \{\s*table, 0, 0, 0\s*\};\s*"
                  r"swiggen_add_signatures\(&rows\);\n")


@dataclass(frozen=True)
class Moved:
    unit0: str  #: unit 0's text with the moved rows left out and every unit's table added
    declarations: str  #: unit 0's declarations of the units' tables
    tables: tuple[str, ...]  #: each unit's table (index 0: unit 1)


def split_rows(text: str, where: dict[str, int], units: int) -> Moved | None:
    """The signature table of unit 0's `text` spread over the units of the wrappers (`where`:
    wrapper name -> unit); None when the table is absent or not in the shape above."""
    start = text.find(_START)
    if start < 0 or text.find(_START, start + 1) >= 0:
        return None
    pos = start + len(_START)
    kept: list[str] = []
    rows: list[list[str]] = [[] for _ in range(units)]
    while True:
        m = _ROW.match(text, pos)
        if m is None:
            break
        unit = where.get("_wrap_" + m.group("sym"), 0)
        (kept if unit == 0 else rows[unit]).append(m.group())
        pos = m.end()
    end = _END.match(text, pos)
    add = _ADD.match(text, end.end()) if end is not None else None
    if end is None or add is None:
        return None
    names = [f"swiggen_signatures_{k}" for k in range(1, units)]
    added = "".join(f"    static swiggen_signature_rows rows_{k} = {{{name}, 0, 0, 0}};\n"
                    f"    swiggen_add_signatures(&rows_{k});\n"
                    for k, name in enumerate(names, 1))
    unit0 = "".join([text[:start + len(_START)], *kept, text[pos:add.end()], added,
                     text[add.end():]])
    declarations = "".join(f"extern SWIGGEN_SHARED const swiggen_signature {n}[];\n"
                           for n in names)
    tables = tuple(
        f"/* swiggen: the signature rows of this unit's wrappers (splitsignatures.py) */\n"
        f"extern SWIGGEN_SHARED const swiggen_signature {name}[] = {{"
        + "".join(rows[k]) + "\n  {0, 0}\n};\n"
        for k, name in enumerate(names, 1))
    return Moved(unit0, declarations, tables)
