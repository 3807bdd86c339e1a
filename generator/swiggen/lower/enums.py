"""C++ enums -> Python enum.IntEnum classes (members, not loose integer constants).

An anonymous enum (`enum { kA = 1, kB = 2 };`) names no type: its members are integer constants
of the scope it is in (module or class), as SWIG wraps them.
"""

from __future__ import annotations

import keyword
from collections.abc import Iterable

from ..diagnostics import Loc
from ..model import Enum_, Function, TypeKind
from ..parse.annotations import ENUM, check_applies
from .context import Context, unclashed
from .plan import GlobalVariable, Ignore, Rename, TypePatch
from .pyrecords import EnumMember, PyEnum, StubAttribute


#: the operators that say an enum is used as flags
_BITWISE = frozenset({"operator|", "operator&", "operator^", "operator|=", "operator&=",
                      "operator^="})


def flag_enums(functions: Iterable[Function]) -> set[str]:
    """The enums a bitwise operator among `functions` takes (free ones and class members)."""
    return {p.type.target for f in functions if f.name in _BITWISE
            for p in f.params if p.type.kind is TypeKind.ENUM}


def lower_enum(e: Enum_, ctx: Context, owner_py: str = "") -> PyEnum | None:
    if not e.name:
        lower_anonymous_enum(e, ctx, owner_py)
        return None
    dirs = ctx.directives(e.qualname, e.directives, ENUM)
    if dirs.has("ignore"):
        ctx.ignores.append(Ignore(e.qualname, "ignore directive"))
        return None
    name = dirs.rename(e.name)
    if name != e.name:
        ctx.renames.append(Rename(e.qualname, name))
    base = _base(e)
    members = tuple(
        # a keyword (`None`) is `None_` in Python, for SWIG's loose constant too (keywords.swg);
        # SWIG makes every enum constant an int: a wider value comes from the parse
        EnumMember(_py(m.name), f"{name}_{_py(m.name)}" if e.scoped else
                   _loose(e, m.name, m.loc, owner_py, ctx),
                   str(m.value) if base else "")
        for m in e.members
    )
    py = PyEnum(len(ctx.enums), name, e.qualname, owner_py, members, e.scoped, e.doc, base,
                flags=e.qualname in ctx.flag_enums)
    ctx.enums.append(py)
    return py


def lower_anonymous_enum(e: Enum_, ctx: Context, owner_py: str = "") -> list[StubAttribute]:
    """`enum { kA = 1 };`: module constants (stubbed as such), or in class `owner_py` class
    constants (returned as the class's stub attributes); `ignore` leaves them out."""
    scope = e.qualname + "::" if e.qualname else ""
    ignored = False
    for d in e.directives:
        if check_applies(d, ENUM, f"(anonymous enum in '{e.qualname or '::'}')", ctx.diags):
            ignored = ignored or d.name == "ignore"
    if ignored:
        ctx.ignores += [Ignore(scope + m.name, "ignore directive") for m in e.members]
        return []
    if _base(e):  # SWIG's constants are ints: NAME.py sets the wider values from the parse
        for m in e.members:
            if owner_py:
                ctx.type_patches.append(TypePatch(owner_py, _py(m.name), str(m.value)))
            else:
                ctx.wide_constants.append((_py(m.name), str(m.value)))
    if owner_py:
        return [StubAttribute(_py(m.name), "int", False) for m in e.members]
    ctx.variables += [GlobalVariable(_py(m.name), scope + m.name, "int", True, True, m.doc)
                      for m in e.members]
    return []


def _loose(e: Enum_, member: str, loc: Loc, owner_py: str, ctx: Context) -> str:
    """The module constant of an unscoped enum's member (C++ puts it in the enum's scope): its
    name, or `<namespace>_<name>` where another namespace's declaration has that name already
    (spatialindex's RTree::RV_LINEAR and MVRTree::RV_LINEAR; SG334), renamed for SWIG too."""
    py = _py(member)
    if owner_py:
        return py
    scope = e.qualname.rpartition("::")[0]
    qual = f"{scope}::{member}" if scope else member
    name = unclashed(py, qual, loc, ctx)
    if name != py:
        ctx.renames.append(Rename(qual, name))
    return name


def _base(e: Enum_) -> str:
    """The integer type an enum converts as when SWIG's `int` cannot hold its values."""
    if all(-2**31 <= m.value < 2**31 for m in e.members):
        return ""
    return "unsigned long long" if e.unsigned else "long long"


def _py(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) else name
