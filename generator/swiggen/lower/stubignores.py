"""Where C++ is legal but not what a type checker allows of Python: NAME.pyi marks those methods
`# type: ignore[CODE]` (as typeshed does), each set of overloads once, on its first line.

- `override`: a derived class's method hides its base's of that name with other parameters (C++
  name hiding: `MovingRegion::getLow(index, t)` beside `Region::getLow(index)`), which mypy
  reports as a Liskov violation. Python calls the derived one, as the stub says.
- `misc`: an in-place operator whose overloads are not its binary operator's (`operator+=` of
  `uint64_t` beside `operator+` of the class only): mypy wants `__iadd__` to take what `__add__`
  takes. Python calls `__iadd__` for `+=`, as the stub says.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace

from .pyrecords import StubClass, StubFunction

#: in-place operator -> its binary operator
INPLACE = {f"__i{op}__": f"__{op}__" for op in (
    "add", "sub", "mul", "matmul", "truediv", "floordiv", "mod", "pow", "lshift", "rshift",
    "and", "xor", "or")}


def _walk(classes: Sequence[StubClass], prefix: str = "") -> Iterator[tuple[str, StubClass]]:
    for c in classes:
        yield prefix + c.name, c
        yield from _walk(c.classes, f"{prefix}{c.name}.")


def marked_classes(classes: Sequence[StubClass]) -> tuple[StubClass, ...]:
    """`classes` with the methods above marked."""
    by_path = dict(_walk(classes))

    def base(name: str) -> StubClass | None:
        return by_path.get(name) or by_path.get(name.rpartition(".")[2])

    def ancestors(c: StubClass) -> list[StubClass]:
        """`c`'s bases in the stub, nearest first."""
        out: list[StubClass] = []
        todo = [b for b in map(base, c.bases) if b is not None]
        while todo:
            b = todo.pop(0)
            if all(b is not o for o in out):
                out.append(b)
                todo += [n for n in map(base, b.bases) if n is not None]
        return out

    def inherited(c: StubClass, name: str) -> list[StubFunction]:
        for b in ancestors(c):
            found = [m for m in b.methods if m.name == name]
            if found:
                return found
        return []

    def subclass(derived: str, of: str) -> bool:
        d = base(derived)
        return d is not None and any(a.name == of.rpartition(".")[2] for a in ancestors(d))

    def accepts(mine: StubFunction, theirs: StubFunction) -> bool:
        """`mine` takes every call `theirs` takes and returns what it returns."""
        n = len(theirs.params)
        if mine.is_static != theirs.is_static or len(mine.params) < n or \
                any(not p.has_default for p in mine.params[n:]):
            return False
        if any(a.annotation != b.annotation or b.has_default and not a.has_default
               for a, b in zip(mine.params, theirs.params)):
            return False
        return mine.returns == theirs.returns or "Any" in (mine.returns, theirs.returns) or \
            subclass(mine.returns, theirs.returns)

    def code(c: StubClass, name: str, mine: list[StubFunction]) -> str:
        if name in INPLACE:
            binary = [m for m in c.methods if m.name == INPLACE[name]] or \
                inherited(c, INPLACE[name])
            if binary and [[p.annotation for p in m.params] for m in mine] != \
                    [[p.annotation for p in m.params] for m in binary]:
                return "misc"
        if name in ("__init__", "__new__") or name in INPLACE:
            return ""
        theirs = inherited(c, name)
        if theirs and not all(any(accepts(m, t) for m in mine) for t in theirs):
            return "override"
        return ""

    def marked(c: StubClass) -> StubClass:
        methods = list(c.methods)
        for name in dict.fromkeys(m.name for m in methods):
            at = [i for i, m in enumerate(methods) if m.name == name]
            ignore = code(c, name, [methods[i] for i in at])
            if ignore:
                methods[at[0]] = replace(methods[at[0]], ignore=ignore)
        return replace(c, methods=tuple(methods), classes=tuple(map(marked, c.classes)))

    return tuple(map(marked, classes))
