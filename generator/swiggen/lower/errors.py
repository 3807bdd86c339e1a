"""Argument errors in Python's terms: what interfaces/python/errors.swg says about each SWIG symbol.

SWIG's wrappers report a refused argument by their symbol name (`Vector_add`), the C++ argument
number (self counted, out-parameters and array dimensions too) and the C++ type. The stubs
already hold what Python sees: the function's Python name, each parameter's name, its C++
index (`StubParam.cpp_index`) and its annotation. `signature_table` turns them into one
`Signature` per SWIG symbol, which templates/errors.i.j2 prints as a sorted C table read on
the error path only:

    Vector_add     f<TAB>Vector.add / 1 self Vector / 2 x float
    Point_x_set    a<TAB>Point.x / 1 x float / 2 x float          (a field's setter)
    pick           f<TAB>pick / @ pick(x: int) -> int / @ pick(x: str) -> str   (overloads)

SWIG names a method's wrapper `Class_method`, a constructor's `new_Class`, a field's setter
`Class_field_set`, where Class is the class's Python name (a nested class's flattened one,
`Tree_Node`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from .plan import Signature
from .pyrecords import NestedClass, StubClass, StubFunction, StubParam

_NDARRAY = re.compile(r"numpy\.typing\.NDArray\[numpy\.(\w+)\]")


def message_type(annotation: str) -> str:
    """A stub annotation as an error message names it: `numpy array of float64`."""
    text = _NDARRAY.sub(lambda m: f"numpy array of {m.group(1)}", annotation)
    return text.replace("numpy.typing.ArrayLike", "array-like")


def _args(params: Sequence[StubParam], first: int) -> list[str]:
    return [f"{first + (p.cpp_index if p.cpp_index >= 0 else i)}\t{p.name}\t"
            f"{p.expected or message_type(p.annotation)}" for i, p in enumerate(params)]


def _overload(name: str, f: StubFunction, method: bool) -> str:
    params = ["self"] if method else []
    params += [f"{p.name}: {p.annotation}" + (f" = {p.default}" if p.has_default else "")
               for p in f.params]
    result = "" if f.name == "__init__" else f" -> {f.returns}"
    return f"@\t{name}({', '.join(params)}){result}"


def _entries(display: str, symbol: str, short: str, cls: str,
             functions: Sequence[StubFunction]) -> Iterable[tuple[str, str]]:
    """(symbol, text) for the functions of one scope (a class's methods when `cls`)."""
    groups: dict[str, list[StubFunction]] = {}
    for f in functions:
        groups.setdefault(f.name, []).append(f)
    for name, fs in groups.items():
        ctor = name == "__init__"
        method = bool(cls) and not ctor and not fs[0].is_static
        sym = f"new_{symbol}" if ctor else f"{symbol}_{name}" if cls else name
        shown = display if ctor else f"{display}.{name}" if cls else name
        head = [f"f\t{shown}"] + ([f"1\tself\t{cls}"] if method else [])
        if len(fs) > 1 or fs[0].overloaded:
            lines = head + [_overload(short if ctor else name, f, method) for f in fs]
        else:
            lines = head + _args(fs[0].params, 2 if method else 1)
        if len(lines) > 1 or shown != sym:  # else errors.swg's fallback says the same
            yield sym, "\n".join(lines) + "\n"


def _classes(classes: Sequence[StubClass], flat: dict[tuple[str, str], str],
             owner: str) -> Iterable[tuple[str, str]]:
    for c in classes:
        display = f"{owner}.{c.name}" if owner else c.name
        symbol = flat.get((owner, c.name), c.name) if owner else c.name
        yield from _entries(display, symbol, c.name, display, c.methods)
        for a in c.attributes:
            if not a.readonly:
                t = message_type(a.annotation)
                yield (f"{symbol}_{a.name}_set",
                       f"a\t{display}.{a.name}\n1\t{a.name}\t{t}\n2\t{a.name}\t{t}\n")
        yield from _classes(c.classes, flat, display)


def signature_table(functions: Sequence[StubFunction], classes: Sequence[StubClass],
                    nested: Sequence[NestedClass]) -> tuple[Signature, ...]:
    """One Signature per SWIG symbol of the module's functions, methods, constructors and
    settable fields, sorted as C's strcmp sorts (errors.swg searches it)."""
    flat = {(n.owner, n.name): n.flat for n in nested}
    found: dict[str, str] = {}
    for sym, text in [*_entries("", "", "", "", functions), *_classes(classes, flat, "")]:
        found.setdefault(sym, text)
    return tuple(Signature(s, found[s]) for s in sorted(found, key=lambda s: s.encode()))
