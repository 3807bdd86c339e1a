"""C++ operators and container shapes -> Python protocols (a table, not an if-chain)."""

from __future__ import annotations

from ..model import Function
from .context import Context
from .plan import Ignore

#: operators with no Python meaning: ignored without a word
_SILENT_OPERATORS = {"operator=", "operator&&", "operator||", "operator,", "operator->",
                     "operator->*", "operator&"}
#: operators SWIG cannot map on its own
_UNMAPPED_OPERATORS = {"operator[]", "operator++", "operator--"}


def is_operator(name: str) -> bool:
    return name.startswith("operator") and not name[8:9].isalnum() and name[8:9] != "_"


def lower_operator(f: Function, target: str, ctx: Context) -> None:
    """Decide what becomes of operator `f` (addressed in SWIG as `target`)."""
    if f.name in _SILENT_OPERATORS:
        ctx.ignores.append(Ignore(target, "no Python equivalent"))
    elif f.name in _UNMAPPED_OPERATORS or f.name.startswith('operator"'):
        ctx.ignores.append(Ignore(target, "not mapped yet"))
        ctx.diags.warning(f.loc, "SG301", f"'{f.qualname}' is not wrapped yet",
                          "add a named method that does the same, or "
                          "mark it 'swiggen: ignore' to silence this")
    # everything else: SWIG's own operator table maps it to Python's slots
