"""Typedefs SWIG must be told about first, spelled as what libclang says they are.

(A typedef of a header the module does not wrap needs nothing: the declaration view spells it
as what it stands for, parse/declspell.py.) An alias SWIG reads but cannot reduce
(`std::basic_string<char, traits, Alloc<char>>` through an alias template) is declared before
the header with its canonical spelling; SWIG keeps the first definition, so its warning about
the header's (302) is filtered for that name. A typedef of a type SWIG cannot read at all
(`__int128`, `_Float128`, vector extension types) is left out with an SG301 warning, in the
view and here.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Alias, Header, TypeKind
from ..parse.annotations import ALIAS, split_top_level
from .context import Context
from .plan import Ignore, TypedefDecl
from .types import cpp_type, note_types

#: alias targets SWIG converts by typemap: a spelling it cannot reduce loses the conversion
_CONVERTED = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING, TypeKind.VECTOR,
              TypeKind.MAP)


def lower_aliases(headers: Sequence[Header], ctx: Context) -> tuple[TypedefDecl, ...]:
    out: dict[str, TypedefDecl] = {}
    for h in headers:
        for a in h.aliases:
            dirs = ctx.directives(a.qualname, a.directives, ALIAS)
            if dirs.has("ignore"):
                ctx.ignores.append(Ignore(a.qualname, "ignore directive"))
            elif not a.target.decl:
                unreadable(a, ctx)
            elif a.target.kind in _CONVERTED and _unreducible(a):
                out.setdefault(a.qualname, _typedef(a, ctx, redefined=True))
    return tuple(out.values())


def unreadable(a: Alias, ctx: Context) -> None:
    """`typedef unsigned __int128 u128;`: a type SWIG's parser has no spelling of (the view
    leaves the typedef out, and every declaration using it: lower/limits.py warns of those)."""
    written = a.target.written or a.target.spelling
    why = f"its type '{written}' has no spelling SWIG can read"
    if written != a.target.canonical:
        why += f" ('{a.target.canonical}')"
    ctx.ignores.append(Ignore(a.qualname, why))
    ctx.diags.warning(a.loc, "SG301", f"typedef '{a.qualname}' is not wrapped: {why}",
                      "declarations using it are left out too; mark it 'swiggen: ignore' to "
                      "silence this")


def _typedef(a: Alias, ctx: Context, redefined: bool) -> TypedefDecl:
    note_types((a.target,), ctx)  # a vector or map alias needs that type's typemaps
    scope = a.qualname.split("::")[:-1]
    return TypedefDecl(
        opens=" ".join(f"namespace {n} {{" for n in scope),
        closes=" ".join("}" for _ in scope),
        name=a.name,
        qualname=a.qualname,
        cpp=cpp_type(a.target),
        origin=str(a.loc),
        redefined=redefined,
    )


def _unreducible(a: Alias) -> bool:
    """Whether SWIG may fail to see what the alias stands for: its target is written as another
    template than swiggen's typemaps name (`std::basic_string<char, traits, Alloc<char>>` for
    std::string, a vector with an allocator argument), or as a template or `decltype` at all for
    a number. `std::vector<Real>` is fine: SWIG follows `Real`."""
    written = a.target.spelling.removeprefix("const ").strip()
    if a.target.kind in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT):
        return "<" in written or "decltype" in written
    return _shape(written) != _shape(cpp_type(a.target))


def _shape(spelling: str) -> tuple[str, int]:
    """`std::vector< double >` -> ("std::vector", 1): the template and how many arguments."""
    head, _, rest = spelling.partition("<")
    args = split_top_level(rest.rpartition(">")[0]) if rest else []
    return "".join(head.split()), len(args)
