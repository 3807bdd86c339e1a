"""Template instantiations a header names by typedef are wrapped under that name (lower).

    // x.h                                        as if the class template said
    template <class T> class Box { ... };         // swiggen: template(FloatBox, float)
    typedef Box<float> FloatBox;
    using Vec3f = Vec<3, float>;                  // swiggen: template(Vec3f, 3, float)

The typedef is the header's own name for the instantiation, so it is the Python class's, with
no annotation. A `template(...)` directive for the same arguments (or the same Python name)
wins, and an alias marked `ignore` instantiates nothing. Only class templates the module wraps
count (an alias of `std::vector<T>` is a conversion, not a class).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..model import Alias, Class, Directive, Header, TypeKind
from ..parse.annotations import split_top_level
from .context import Context


def with_typedef_templates(headers: Sequence[Header], ctx: Context) -> list[Header]:
    """`headers`, each class template given a `template(Alias, args...)` directive per alias
    of one of its instantiations."""
    templates = {c.qualname: c for h in headers for c in h.classes if c.template_params}
    implied: dict[str, list[Directive]] = {}
    for h in headers:
        for a in h.aliases:
            found = _instantiation(a, templates)
            if found is None:
                continue
            c, args = found
            explicit = [d for d in c.directives + ctx.config.by_name.get(c.qualname, ())
                        + tuple(implied.get(c.qualname, ())) if d.name == "template"]
            if any(d.args[:1] == (a.name,) or _same_args(d.args[1:], args) for d in explicit):
                continue
            if any(d.name == "ignore" for d in c.directives + ctx.config.by_name.get(
                    c.qualname, ())):
                continue
            implied.setdefault(c.qualname, []).append(
                Directive("template", (a.name, *args), a.loc))
            ctx.py_names[a.target.target] = a.name  # (the canonical spelling types look up)
    if not implied:
        return list(headers)
    return [replace(h, classes=tuple(
        replace(c, directives=c.directives + tuple(implied[c.qualname]))
        if c.qualname in implied else c for c in h.classes)) for h in headers]


def _instantiation(a: Alias, templates: dict[str, Class]) -> tuple[Class, list[str]] | None:
    """(class template, its arguments as the view spells them) if `a` names an instantiation
    of a wrapped class template by value, else None."""
    t = a.target
    if t.kind is not TypeKind.CLASS or t.indirection or t.is_const or "<" not in t.target or \
            any(d.name == "ignore" for d in a.directives):
        return None
    c = templates.get(t.target.split("<")[0].strip())
    spelling = t.decl or t.spelling
    if c is None or "<" not in spelling or "type-parameter" in t.canonical:
        return None
    args = split_top_level(spelling[spelling.index("<") + 1: spelling.rindex(">")])
    args = [x.strip() for x in args if x.strip()]
    if not len(c.template_params) - c.template_defaults <= len(args) <= len(c.template_params):
        return None
    return c, args


def _same_args(given: tuple[str, ...], args: list[str]) -> bool:
    return ["".join(x.split()) for x in given] == ["".join(x.split()) for x in args]
