"""A class template's instance is lowered as the class it is (lower).

    template <class T>                              lowered as if the header declared
    struct Box { T value; int count = 0; };         struct Box<int> { int value; int count = 0; };
    // swiggen: template(IntBox, int)

`instance_class` makes that concrete class: the template's members with its arguments bound
(`T value` is an `int` field, `const T& operator[](size_t)` returns a `const int &`), so the
rules for a plain class (keyword constructor, field repr, pickle, copy, protocols) read the
same members the same way: one rule, not one per kind of class. Its `qualname` is the
instance's C++ type (`geo::Box<int>`, the spelling clang gives the type wherever it is used),
which every protocol macro extends. Its members keep the template's names and spellings
(`geo::Box::value`, `holds(const T &)`): SWIG's directives and the config's keys address a
template's members so, for every instance. A bound type keeps the spelling it is written
with and changes what it means (`canonical`, `kind`, `target`): the C++ spelled at global
scope (types.cpp_type) is the instance's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from ..model import Class, Function, Header, TypeKind, TypeRef
from .context import Context
from .types import spelled_type
from .values import assigns_from_itself


def normalized(text: str) -> str:
    """A C++ type as clang spells a canonical type: no space inside `<>`, `, ` between
    arguments (`tl::Map< tl::Name,tl::List< int > >` is `tl::Map<tl::Name, tl::List<int>>`)."""
    squashed = re.sub(r"\s*([<>,])\s*", r"\1", " ".join(text.split()))
    return squashed.replace(",", ", ")


def instance_key(template: str, args: Sequence[str]) -> str:
    """The instance's C++ type as types name it (`TypeRef.target`): `tl::List<tl::Name>`."""
    return normalized(f"{template}<{', '.join(args)}>")


def instance_cpp(template: str, args: Sequence[str]) -> str:
    """The instance as `%template` names it: `tl::Box<int>`; `tl::List<tl::List<int> >`
    (no `>>`, which a parser of C++98 reads as a shift)."""
    text = ", ".join(args)
    return f"{template}<{text}{' ' if text.endswith('>') else ''}>"


def template_params(c: Class, args: Sequence[str]) -> dict[str, str]:
    """Template parameter -> argument (normalized), a parameter left to its default bound to
    it (`Grid<int>` of `template <class T, int N = 2>` binds N = 2)."""
    return dict(zip(c.template_params, (normalized(a) for a in template_arguments(c, args))))


def template_arguments(c: Class, args: Sequence[str]) -> tuple[str, ...]:
    """`args` and the defaults of the parameters they leave out (as the view declares them,
    qualified; a default naming an earlier parameter has its argument): what C++ instantiates,
    and clang's canonical spelling of the type names (`tpl::Grid<int, 2>`)."""
    out = list(args)
    for decl in c.template_decls[len(args):]:
        _, eq, default = decl.partition(" = ")
        if not eq:
            break
        out.append(substituted(default.strip(), dict(zip(c.template_params, out))))
    return tuple(out)


def instance_class(c: Class, args: Sequence[str], ctx: Context) -> Class:
    """Class template `c` as its instance for `args` (a concrete class: no template_params)."""
    params = template_params(c, args)
    unbound = c.template_params[len(params):]

    def bound(t: TypeRef) -> TypeRef:
        return bind(t, params, ctx, c.qualname, unbound)

    def function(f: Function) -> Function:
        return replace(f, result=bound(f.result), params=tuple(
            replace(p, type=bound(p.type)) for p in f.params))

    return replace(
        c, qualname=instance_key(c.qualname, args), template_params=(), template_decls=(),
        template_defaults=0,
        fields=tuple(replace(f, type=bound(f.type)) for f in c.fields),
        methods=tuple(function(m) for m in c.methods),
        constructors=tuple(replace(k, params=tuple(replace(p, type=bound(p.type))
                                                   for p in k.params))
                           for k in c.constructors),
        bases=tuple(instance_base(b, decl, params, ctx)
                    for b, decl in zip(c.bases, c.base_decls)))


def instance_base(base: str, decl: str, params: dict[str, str], ctx: Context) -> str:
    """A base as `Class.bases` names it: an instance of a class template of the module by its
    instance key (`tl::List<int>` for `List<T>` with T = int), any other by its qualname."""
    if base not in ctx.class_templates or "<" not in decl:
        return base
    return normalized(substituted(decl, params))


def substituted(text: str, params: dict[str, str]) -> str:
    """`text` with each template parameter's name replaced by its argument."""
    if not params:
        return text
    names = "|".join(re.escape(p) for p in sorted(params, key=len, reverse=True))
    return re.sub(rf"(?<![\w:])({names})(?!\w)", lambda m: params[m.group(1)], text)


def bind(t: TypeRef, params: dict[str, str], ctx: Context, scope: str,
         unbound: Sequence[str] = ()) -> TypeRef:
    """`t` as the instance has it: a type naming a template parameter (`const T &`,
    `std::vector<T>`, the template itself: `const List<T> &`) means its argument's type; its
    spelling stays the template's. A type naming an `unbound` parameter (one left to its
    default), or a pointer to a pointer, stays as the template has it. `scope`: the template's
    qualname (names of its namespaces are qualified: `List<T>` is `tl::List<tl::Name>`)."""
    if not params or t.signature or re.search(r"type-parameter-[1-9]", t.canonical):
        return t  # (depth 1 and more: a member template's own parameters)
    value = t.spelling.removeprefix("const ").strip()
    core = value.rstrip(" &*")
    if value[len(core):].replace(" ", "") not in ("", "&", "&&", "*"):
        return t
    core = core.removesuffix(" const").strip()
    if unbound and set(re.findall(r"[A-Za-z_]\w*", core)) & set(unbound):
        return t
    text = substituted(core, params)
    if text == core:
        return t
    if "[" in text or "(" in text:  # an array (`T x[L]`: `int [3]`), a function: as OTHER
        return replace(t, canonical=normalized(text), kind=TypeKind.OTHER, target="",
                       element=None, key=None, args=())
    if text.rstrip().endswith(("*", "&")) and (t.is_const or t.indirection):
        # `const T &` with T = `Node *` is `Node * const &`: the const is the pointer's
        return replace(t, canonical=normalized(text) + (" const" if t.is_const else ""),
                       is_const=False, kind=TypeKind.OTHER, target="", element=None,
                       key=None, args=())
    known = ctx.defined_classes.__contains__
    found = spelled_type(normalized(qualified(text, scope, lambda n: known(n) or
                                              n in ctx.py_names)), ctx)
    kind = found.kind
    if kind is TypeKind.CLASS and "<" not in found.target and \
            found.target not in ctx.defined_classes:
        kind = TypeKind.ENUM  # (a Python name that is no class is an enum's)
    return replace(t, canonical=found.canonical, kind=kind, target=found.target,
                   element=found.element, key=found.key, args=())


_NAME = re.compile(r"(?<![\w:])(::)?([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)")


def qualified(text: str, scope: str, known: Callable[[str], bool]) -> str:
    """`text` (a type) with each name of a declaration of a namespace enclosing `scope` (a
    qualified name) written unqualified qualified: in `tl::List`, `List<Name>` is
    `tl::List<tl::Name>`."""
    parts = scope.split("::")[:-1]
    scopes = ["::".join(parts[:i]) for i in range(len(parts), 0, -1)]

    def one(m: re.Match[str]) -> str:
        if m.group(1) or known(m.group(2)):
            return m.group(0)
        for s in scopes:
            if known(f"{s}::{m.group(2)}"):
                return f"{s}::{m.group(2)}"
        return m.group(0)
    return _NAME.sub(one, text)


def instances(headers: Sequence[Header], ctx: Context) -> list[tuple[Class, tuple[str, ...]]]:
    """(class template, arguments) of every `template(...)` directive of a class template of
    the headers that fits it (its own and the config's), in order."""
    out = []
    for h in headers:
        for c in h.classes:
            if not c.template_params:
                continue
            for d in c.directives + ctx.config.by_name.get(c.qualname, ()):
                if d.name == "template" and len(c.template_params) - c.template_defaults <= \
                        len(d.args) - 1 <= len(c.template_params):
                    out.append((c, d.args[1:]))
    return out


def class_bases(headers: Sequence[Header], ctx: Context) -> dict[str, tuple[str, ...]]:
    """Every class's bases and every instance's (`Class.bases`), by qualname or instance key."""
    out: dict[str, tuple[str, ...]] = {}

    def add(classes: Sequence[Class]) -> None:
        for c in classes:
            if not c.template_params:
                out[c.qualname] = c.bases
                add(c.classes)

    for h in headers:
        add(h.classes)
    for c, args in instances(headers, ctx):
        out[instance_key(c.qualname, args)] = instance_class(c, args, ctx).bases
    return out


def note_instances(headers: Sequence[Header], ctx: Context) -> None:
    """What lower() knows of every class by its qualname (copyable, default-constructible,
    ...), for each class template's instances by their instance key: what a class template's
    members say holds for its instances."""
    sets = (ctx.uncopyable, ctx.no_public_dtor, ctx.immovable, ctx.throwing_dtor,
            ctx.default_constructible, ctx.ignored_classes)
    for c, args in instances(headers, ctx):
        key = instance_key(c.qualname, args)
        ctx.defined_classes.add(key)
        for found in sets:
            if c.qualname in found:
                found.add(key)
        if assigns_from_itself(instance_class(c, args, ctx)):
            ctx.assignable.add(key)
