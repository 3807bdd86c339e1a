"""C++ enums -> Python enum.IntEnum classes (members, not loose integer constants)."""

from __future__ import annotations

import keyword

from .. import annotations as A
from ..model import Enum_
from .context import Context
from .plan import EnumMember, Ignore, PyEnum, Rename


def lower_enum(e: Enum_, ctx: Context, owner_py: str = "") -> PyEnum | None:
    if not e.name:
        return None  # an anonymous enum: SWIG's integer constants are all there is
    dirs = ctx.directives(e.qualname, e.directives, A.ENUM)
    if dirs.has("ignore"):
        ctx.ignores.append(Ignore(e.qualname, "ignore directive"))
        return None
    name = dirs.rename(e.name)
    if name != e.name:
        ctx.renames.append(Rename(e.qualname, name))
    members = tuple(
        # a keyword (`None`) is `None_` in Python, for SWIG's loose constant too (keywords.swg)
        EnumMember(_py(m.name), f"{name}_{_py(m.name)}" if e.scoped else _py(m.name))
        for m in e.members
    )
    py = PyEnum(len(ctx.enums), name, e.qualname, owner_py, members, e.scoped, e.doc)
    ctx.enums.append(py)
    return py


def _py(name: str) -> str:
    return name + "_" if keyword.iskeyword(name) else name
