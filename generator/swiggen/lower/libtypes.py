"""A library's own types converted with no annotation (Eigen's dense types: lower/eigen.py).

A library module registers a LibraryType under the `target` it retypes its types to:

    register(LibraryType(target="swiggen::eigen", swg="eigen.swg", retype=..., ...))

Before anything else is lowered, `retyped_headers` replaces every TypeRef the library's `retype`
recognises (in parameters, results, fields, container items: anywhere in the model) by a
converted type: TypeKind.STD with that `target`, its spelling and canonical kept. From then on
lower/convertible.py asks the registered hooks wherever it decides a STD type:

- `why(t, ctx, is_result)`: why a parameter, result or field of the type is not wrapped ("" if
  it is; a reason leaves the declaration out with SG311);
- `item_why(t, ctx)`: why the type is not converted inside a container or as an out-parameter;
- `note(t, ctx)`: the macro lines a use needs, appended to ctx.std_types (printed before the
  views, after `%include "<swg>"`: ModulePlan.libraries, only when some line is the library's);
- `stub(t, param)`: the stub annotation (`numpy.typing.NDArray[numpy.float64]`).

`prepare(headers, ctx)` (optional) runs once on the retyped headers, for decisions that need a
declaration rather than a type (a field read as a copy).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..model import Header, TypeRef
from .context import Context
from .plan import MacroCall
from .typewalk import map_types


@dataclass(frozen=True)
class LibraryType:
    target: str  #: the STD target its types are retyped to
    swg: str  #: the interfaces/python file with its typemaps
    macro_prefix: str  #: its macros' common prefix (`SWIGGEN_EIGEN`)
    #: whether a header may use the library's types (its includes), before any walk
    used_by: Callable[[Header], bool]
    retype: Callable[[TypeRef], TypeRef | None]
    why: Callable[[TypeRef, Context, bool], str]
    item_why: Callable[[TypeRef, Context], str]
    note: Callable[[TypeRef, Context], None]
    stub: Callable[[TypeRef, bool], str]
    prepare: Callable[[Sequence[Header], Context], None] | None = None


#: registered libraries by target (lower/eigen.py registers itself when imported)
LIBRARIES: dict[str, LibraryType] = {}


def register(lib: LibraryType) -> None:
    LIBRARIES[lib.target] = lib


def retyped_headers(headers: Sequence[Header], ctx: Context) -> list[Header]:
    """The headers with every type a registered library converts retyped (see the module
    docstring), then each library's `prepare`."""
    if not any(lib.used_by(h) for lib in LIBRARIES.values() for h in headers):
        return list(headers)
    out = [map_types(h, retyped) for h in headers]
    for lib in LIBRARIES.values():
        if lib.prepare is not None:
            lib.prepare(out, ctx)
    return out


def swg_files(std_types: Sequence[MacroCall]) -> tuple[str, ...]:
    """The libraries' .swg files the module's macro lines need, in registration order."""
    used = {m.macro for m in std_types}
    return tuple(lib.swg for lib in LIBRARIES.values()
                 if any(u.startswith(lib.macro_prefix) for u in used))


def retyped(t: TypeRef) -> TypeRef:
    """`t`, or the converted type a library makes of it (items of containers too)."""
    for lib in LIBRARIES.values():
        found = lib.retype(t)
        if found is not None:
            return found
    element = retyped(t.element) if t.element is not None else None
    key = retyped(t.key) if t.key is not None else None
    args = tuple(retyped(a) for a in t.args)
    if element is t.element and key is t.key and all(a is b for a, b in zip(args, t.args)):
        return t
    return replace(t, element=element, key=key, args=args)


