"""usings: `using Base::f;` in a class, as the methods it brings in.

    struct Derived : Base {
        using Base::f;                 // Base::f(int), now an overload of Derived's f
        int f(const char *s) const;
    };

SWIG reads a `using` declaration itself and overloads the base's `f(int)` with `Derived::f`, but
gives that overload a wrapper of its own only in part: it keeps the base declaration's features
(keyword arguments where the set has none: SWIG warning 511) and the lowering never sees it, so
the stub lacks it (mypy: `Derived.f` incompatible with `Base.f`). So where the declaration joins
an overload set of the class, or makes a base's protected method public, the model takes the
methods it names as the class's own (clang lists them without those the class hides: an own
`f(int, int)` replaces the base's), and the declaration view declares them in the class; C++
still calls them through the `using`. Elsewhere (a base's public method the class does not
overload) Python inherits it as it is, and the `using` stays in the view.
"""

from __future__ import annotations

import clang.cindex as ci
from clang.cindex import conf

K = ci.CursorKind


def named_methods(using: ci.Cursor) -> list[ci.Cursor]:
    """The base's methods a `using Base::f;` cursor brings in (none for a constructor, a type
    or a dependent base's member, which clang cannot list)."""
    out: list[ci.Cursor] = []
    for ch in using.get_children():
        if ch.kind == K.OVERLOADED_DECL_REF:
            n = conf.lib.clang_getNumOverloadedDecls(ch)
            out += [conf.lib.clang_getOverloadedDecl(ch, i) for i in range(n)]
    return [d for d in out if d.kind == K.CXX_METHOD]


def joins(using: ci.Cursor, methods: list[ci.Cursor], own: set[str]) -> bool:
    """Whether the methods are taken as the class's own: they join an overload set of the class
    (`own`: its own methods' names), or the declaration makes a non-public one public."""
    return bool(methods) and (using.spelling in own or any(
        m.access_specifier != ci.AccessSpecifier.PUBLIC for m in methods))
