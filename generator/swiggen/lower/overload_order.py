"""The order of an overload set in stubs and docstrings: narrow before wide.

A type checker reads `@overload`s in order and rejects one that an earlier one already accepts
(mypy's overload-cannot-match). `bool` is an `int`, an enum member is an `int`, an `int` is
accepted as a `float`: so `f(Color)` must come before `f(int)`, `f(int)` before `f(float)`.
Declaration order is kept otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from ..model import Function, Param, TypeKind

T = TypeVar("T")

_NARROW = {TypeKind.BOOL: 0, TypeKind.ENUM: 1, TypeKind.INT: 2, TypeKind.FLOAT: 3}


def narrower(a: Function, b: Function) -> bool:
    """`a` accepts a subset of what `b` accepts, as a type checker sees it (bool < enum < int <
    float, position by position, the other parameters alike)."""
    if len(a.params) != len(b.params):
        return False
    strictly = False
    for pa, pb in zip(a.params, b.params):
        ra, rb = (_NARROW.get(p.type.kind) if not p.type.indirection else None
                  for p in (pa, pb))
        if ra is None or rb is None:
            if _spelled(pa) != _spelled(pb):
                return False
        elif ra > rb:
            return False
        else:
            strictly = strictly or ra < rb
    return strictly


def narrow_first(items: Sequence[T], function: Callable[[T], Function]) -> list[T]:
    """Declaration order, except that an overload moves before every wider one it follows."""
    out: list[T] = []
    for item in items:
        wider = [i for i, o in enumerate(out) if narrower(function(item), function(o))]
        out.insert(wider[0] if wider else len(out), item)
    return out


def _spelled(p: Param) -> str:
    return p.type.canonical + p.type.indirection + ("c" if p.type.is_const else "")
