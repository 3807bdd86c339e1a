"""Overridable virtuals: which classes Python may subclass so that C++ calls the overrides.

    class Visitor {                        // swiggen: overridable
     public:
      virtual ~Visitor();
      virtual bool enter(const Node& n) = 0;
      virtual int weight(int x) const noexcept;
    };

A class marked `overridable` (or, with `overridable = "all"` in the config, every polymorphic
class of the module) becomes a SWIG director (`%feature("director")`), and so does every class of
the module derived from one: a Python subclass's methods override the C++ virtuals. The module is
then generated with SWIG's directors and thread support on (`directors="1", threads="1"`, with
`%nothreadallow` so that no other wrapper releases the GIL), so a director method takes the GIL
when C++ calls it from a thread that released it. A `noexcept` virtual gets a `director:except`
handler that reports a Python exception with `sys.unraisablehook` and returns a default value,
instead of throwing through `noexcept` (std::terminate). The runtime is
interfaces/python/directors.swg; the behaviour is documented in docs/callbacks.md
("Overridable virtuals").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..model import Class, Function, Header, TypeKind

if TYPE_CHECKING:  # (plan.py imports this module's records; context.py imports plan.py)
    from .context import Context


@dataclass(frozen=True)
class NoexceptOverride:
    """A `noexcept` virtual of a director class: `target` is SWIG's declaration specifier
    (`ns::Handler::weight(int) const`), `name` the Python spelling for the report
    (`Handler.weight`), `fallback` the statement returning when the override raised."""

    target: str
    name: str
    fallback: str


@dataclass(frozen=True)
class DirectorTypemap:
    """`SWIGGEN_DIRECTOR_VECTOR(double)`: a converted type crossing into and out of overrides."""

    macro: str
    args: tuple[str, ...]


@dataclass(frozen=True)
class DirectorPlan:
    """The director classes (qualified C++ names, sorted), their noexcept virtuals, and the
    director typemaps of the types the module converts."""

    classes: tuple[str, ...] = ()
    noexcept: tuple[NoexceptOverride, ...] = ()
    typemaps: tuple[DirectorTypemap, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.classes)


def lower_directors(headers: Sequence[Header], ctx: Context) -> DirectorPlan:
    """Decide the director classes: those marked `overridable` (or all polymorphic ones, by
    the config switch) and the module's classes derived from them."""
    classes = {c.qualname: c for h in headers for c in _all_classes(h.classes)
               if not c.template_params}
    chosen: set[str] = set()
    for c in classes.values():
        if c.qualname in ctx.ignored_classes:
            continue
        marked = [d for d in c.directives + ctx.config.by_name.get(c.qualname, ())
                  if d.name == "overridable"]
        if not marked and not (ctx.config.overridable_all and c.is_polymorphic):
            continue
        if marked and not c.is_polymorphic:
            ctx.diags.warning(marked[0].loc, "SG360",
                              f"'overridable' has no effect on '{c.qualname}': it has no "
                              "virtual function", "declare the methods Python may override "
                              "`virtual`, or remove 'overridable'")
            continue
        chosen.add(c.qualname)
    # a class derived from an overridable one is overridable too (its Python subclasses
    # override the base's virtuals as well)
    changed = True
    while changed:
        changed = False
        for c in classes.values():
            if c.qualname not in chosen and c.qualname not in ctx.ignored_classes and \
                    any(b in chosen for b in c.bases):
                chosen.add(c.qualname)
                changed = True
    noexcept: list[NoexceptOverride] = []
    for q in sorted(chosen):
        c = classes[q]
        if not c.has_virtual_destructor:
            ctx.diags.warning(c.loc, "SG361",
                              f"overridable class '{q}' has no virtual destructor: C++ code "
                              "that deletes one through a base pointer would not release its "
                              "Python object", f"declare `virtual ~{c.name}()`")
        py = ctx.py_names.get(q, c.name)
        for m in _virtuals(c, classes):
            if m.is_noexcept:
                noexcept.append(NoexceptOverride(
                    f"{q}::{m.name}{m.signature}", f"{py}.{m.name}",
                    "return;" if m.result.kind == TypeKind.VOID and not m.result.indirection
                    else "return c_result;"))
    typemaps = _typemaps(ctx) if chosen else ()
    typemaps += tuple(DirectorTypemap("SWIGGEN_DIRECTOR_UNIQUE_PTR", m.args) for m in ctx.ownership
                      if m.macro == "SWIGGEN_UNIQUE_PTR" and m.args[0] in chosen)
    return DirectorPlan(tuple(sorted(chosen)), tuple(dict.fromkeys(noexcept)), typemaps)


#: the std_types macros (lower/stdtypes.py, lower/convertible.py) with director typemaps
_STD = {"SWIGGEN_OPTIONAL": "SWIGGEN_DIRECTOR_OPTIONAL", "SWIGGEN_STD": "SWIGGEN_DIRECTOR_STD"}


def _typemaps(ctx: Context) -> tuple[DirectorTypemap, ...]:
    """directorin/directorout typemaps for the module's converted types (directors.swg): lists
    of numbers and strings, dicts of them, optionals, the generic conversions, enums."""
    from .types import arg

    out = [DirectorTypemap("SWIGGEN_DIRECTOR_VECTOR", (e,))
           for e in sorted(ctx.vector_elements - ctx.vector_classes)]
    out += [DirectorTypemap("SWIGGEN_DIRECTOR_MAP", (template, arg(key), arg(value)))
            for template, key, value, is_class in sorted(ctx.map_types) if not is_class]
    out += [DirectorTypemap(_STD[m.macro], m.args[-1:]) for m in ctx.std_types
            if m.macro in _STD]
    out += [DirectorTypemap("SWIGGEN_DIRECTOR_ENUM", (str(e.index), e.cpp)) for e in ctx.enums
            if not e.base]
    return tuple(out)


def _virtuals(c: Class, classes: dict[str, Class], depth: int = 0) -> list[Function]:
    """The public virtual methods of `c` and of its bases the module wraps."""
    out = [m for m in c.methods if m.is_virtual and not m.is_static]
    if depth < 32:
        for b in c.bases:
            if b in classes:
                out += [m for m in _virtuals(classes[b], classes, depth + 1)
                        if not any(o.name == m.name and o.signature == m.signature
                                   for o in out)]
    return out


def _all_classes(classes: Sequence[Class]) -> list[Class]:
    out: list[Class] = []
    for c in classes:
        out.append(c)
        out += _all_classes(c.classes)
    return out


__all__ = ["DirectorPlan", "DirectorTypemap", "NoexceptOverride", "lower_directors"]
