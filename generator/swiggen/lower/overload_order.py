"""The order of an overload set in stubs and docstrings: narrow before wide.

A type checker reads `@overload`s in order and rejects one that an earlier one already accepts
(mypy's overload-cannot-match). `bool` is an `int`, an enum member is an `int`, an `int` is
accepted as a `float`: so `f(Color)` must come before `f(int)`, `f(int)` before `f(float)`.
Declaration order is kept otherwise, and an override's overloads follow its base's order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from ..model import Function, Param, TypeKind
from .pyrecords import StubClass, StubFunction

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


def as_in_bases(classes: Sequence[StubClass]) -> tuple[StubClass, ...]:
    """`classes` with each override's overloads in its base's order: a type checker matches an
    overriding overload set to the base's in order (mypy: "Overload variants must be defined in
    the same order as they are in" the base). An overload the base has not (by parameter types)
    follows those it has, in its own order."""
    by_name = {c.name: c for c in classes}

    def inherited(c: StubClass, name: str) -> list[StubFunction]:
        seen: set[str] = set()
        todo = [b.rpartition(".")[2] for b in c.bases]
        while todo:
            base = by_name.get(todo.pop(0))
            if base is None or base.name in seen:
                continue
            seen.add(base.name)
            found = [m for m in base.methods if m.name == name]
            if len(found) > 1:
                return found
            todo += [b.rpartition(".")[2] for b in base.bases]
        return []

    def reordered(c: StubClass) -> StubClass:
        methods = list(c.methods)
        for name in dict.fromkeys(m.name for m in methods):
            at = [i for i, m in enumerate(methods) if m.name == name]
            base = [_types(m) for m in inherited(c, name)] if len(at) > 1 else []
            if not base:
                continue
            mine = sorted((methods[i] for i in at), key=lambda m: base.index(_types(m))
                          if _types(m) in base else len(base))
            for i, m in zip(at, mine):
                methods[i] = m
        return replace(c, methods=tuple(methods))

    return tuple(reordered(c) for c in classes)


def _types(f: StubFunction) -> tuple[str, ...]:
    return tuple(p.annotation for p in f.params)


def subclasses_first(classes: Sequence[StubClass], functions: Sequence[StubFunction]
                     ) -> tuple[tuple[StubClass, ...], tuple[StubFunction, ...]]:
    """The overload sets of `classes` and `functions` without an overload taking a derived
    class after one taking its base where they differ in that only (`distance(in_: Region)`
    after `distance(in_: IShape)`): mypy reads it as never matched (overload-cannot-match).
    It is left out where it returns what the wider one does (a type checker sees no difference;
    moved first, it would break an override's order, which mypy holds to its base's), and moved
    before the wider one otherwise."""
    bases: dict[str, tuple[str, ...]] = {}

    def walk(cs: Sequence[StubClass], prefix: str) -> None:
        for c in cs:
            bases[prefix + c.name] = c.bases
            walk(c.classes, f"{prefix}{c.name}.")
    walk(classes, "")

    def derives(name: str, base: str) -> bool:
        seen: set[str] = set()
        todo = list(bases.get(name, ()))
        while todo:
            b = todo.pop()
            if b == base:
                return True
            if b not in seen:
                seen.add(b)
                todo += bases.get(b, ())
        return False

    def narrower(a: StubFunction, b: StubFunction) -> bool:
        if a.name != b.name or len(a.params) != len(b.params) or a.is_static != b.is_static:
            return False
        pairs = [(p.annotation, q.annotation) for p, q in zip(a.params, b.params)
                 if p.annotation != q.annotation]
        return bool(pairs) and all(derives(p, q) for p, q in pairs)

    def alike(a: StubFunction, b: StubFunction) -> bool:
        return a.returns == b.returns and all(p.name == q.name and p.has_default == q.has_default
                                              for p, q in zip(a.params, b.params))

    def ordered(fns: Sequence[StubFunction]) -> tuple[StubFunction, ...]:
        out: list[StubFunction] = []
        for f in fns:
            wider = [i for i, o in enumerate(out) if narrower(f, o)]
            if not any(alike(f, out[i]) for i in wider):
                out.insert(wider[0] if wider else len(out), f)
        counts = Counter(f.name for f in out)
        return tuple(replace(f, overloaded=False) if counts[f.name] == 1 else f for f in out)

    def reordered(c: StubClass) -> StubClass:
        return replace(c, methods=ordered(c.methods), classes=tuple(map(reordered, c.classes)))

    return tuple(map(reordered, classes)), ordered(functions)
