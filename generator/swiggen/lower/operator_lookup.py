"""operator_lookup: how a protocol method's call finds a free operator (lower).

    namespace ns {                                  SWIGGEN_BINOP(ns::detail::Base, _swiggen_eq,
    namespace detail { struct Base {...}; }             ==, const ns::detail::Base &, bool,
    bool operator==(const detail::Base&,                using ns::operator==;)
                    const detail::Base&);
    }

The protocol methods (protocol_macros.swg) are functions at global scope that write the
operator (`(*self) == other`), so the compiler finds a free operator by argument-dependent
lookup only, in the operands' innermost namespaces. One declared in an enclosing namespace, or
at global scope for a namespaced class, is brought in by a using-declaration in the method.
"""

from __future__ import annotations

from ..model import Function, TypeKind, TypeRef
from .context import Context


def operator_lookup(f: Function, member: bool, ctx: Context) -> tuple[str, ...]:
    """The using-declaration a free operator's call needs (`using ns::operator==;`): the
    wrapper's functions are at global scope, and argument-dependent lookup searches only the
    operands' innermost namespaces (`ns::detail` for `ns::detail::Base`, not `ns`). None for a
    member, a hidden friend (found only by that lookup), or an operator of such a namespace."""
    if member or f.is_hidden_friend:
        return ()
    scope = f.qualname.rpartition("::")[0]
    if scope in {_associated(p.type, ctx) for p in f.params if p.type.kind is TypeKind.CLASS}:
        return ()
    return (f"using {scope}::{f.name};" if scope else f"using ::{f.name};",)


def _associated(t: TypeRef, ctx: Context) -> str:
    """The innermost namespace enclosing class `t` (`ns` for `ns::Outer::Inner`)."""
    scope = t.target.split("<")[0].rpartition("::")[0]
    while scope in ctx.defined_classes:
        scope = scope.rpartition("::")[0]
    return scope
