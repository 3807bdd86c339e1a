"""Macros SWIG must know to read the headers: those they expand but define elsewhere.

SWIG does not follow `#include`, so `LIB_API int f();` with `LIB_API` from an included
`export.h` is a syntax error to it. parse records, per header, the macros it expands whose
definitions SWIG will not read; here they are merged (first definition wins), ordered by name,
and passed on as `%define`s. A function-like macro that stringizes or pastes (`#`, `##`) is
reported instead (SG305): SWIG's `%define` gives those operators other meanings.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Header, Macro
from .context import Context
from .plan import MacroDefinition


def lower_macros(headers: Sequence[Header], ctx: Context) -> tuple[MacroDefinition, ...]:
    found: dict[str, Macro] = {}
    for h in headers:
        for m in h.macros:
            found.setdefault(m.name, m)
    out: list[MacroDefinition] = []
    for name in sorted(found):
        m = found[name]
        if m.uses_hash:
            ctx.diags.warning(
                m.loc, "SG305",
                f"macro '{name}' (defined at {m.origin}) is expanded here, but SWIG does not read "
                "its header and swiggen does not pass on a macro using # or ##",
                f"define it for SWIG in a typemap file (config `typemaps = [...]`): "
                f"%define {name}{_params(m)} ... %enddef")
            continue
        out.append(MacroDefinition(name, _params(m), m.body, str(m.origin)))
    return tuple(out)


def _params(m: Macro) -> str:
    return "" if m.params is None else "(" + ", ".join(m.params) + ")"
