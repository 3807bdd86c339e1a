"""Overloads Python cannot tell apart: one is left out, with a warning that names it.

`f(const char*)` beside `f(const std::string&)` (or `f(std::string_view)`) take the same Python
`str`; SWIG would keep whichever came first and print its raw warning 509. The one that keeps
the whole text is wrapped (std::string, then std::string_view, then `const char*`: a `str` with
an embedded NUL is cut short only by the last), and the other is an SG340 at its line.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model import Function, TypeKind, TypeRef


def _str_rank(t: TypeRef) -> int:
    """How a parameter takes a Python `str`: 3 std::string (by value or const&), 2
    std::string_view, 1 `const char*`; 0 not a str."""
    if t.kind is TypeKind.STRING:
        if t.indirection == "" or (t.indirection == "&" and t.is_const):
            return 3
        if t.indirection == "*" and t.is_const:
            return 1
    if t.kind is TypeKind.STRING_VIEW and t.indirection in ("", "&") and \
            (t.indirection == "" or t.is_const):
        return 2
    return 0


def _key(t: TypeRef) -> str:
    return t.canonical + t.indirection + ("c" if t.is_const else "")


def str_shadowed(f: Function, group: Sequence[Function]) -> Function | None:
    """The overload in `group` that takes the same Python arguments as `f` and is wrapped
    instead of it, or None."""
    for g in group:
        if g is f or g.is_deleted or len(g.params) != len(f.params) or g.is_const != f.is_const:
            continue
        better = False
        for p, q in zip(f.params, g.params):
            a, b = _str_rank(p.type), _str_rank(q.type)
            if a and b:
                if a > b:
                    break
                better = better or b > a
            elif _key(p.type) != _key(q.type):
                break
        else:
            if better:
                return g
    return None
