"""A class template's instance a class derives from is instantiated with no annotation (lower).

    template <class T> class List { ... };       as if List said
    class Name { ... };                          // swiggen: template(List_Name, tl::Name)
    class NameList : public List<Name> { ... };  and SWIG read the %template before NameList

SWIG drops a base it has no class for ("Nothing known about base class 'tl::List< tl::Name >'"),
and with it the base's methods and protocols. So every public base that is an instance of a
class template of the wrapped headers (at namespace scope) is instantiated, named

- as a `template(PyName, args)` directive for the same arguments names it (the header's or the
  config's; a typedef's name, typedef_templates.py, is one), else
- by a readable rule: the template's name and its arguments', unqualified, joined by `_`
  (`List_Name`, `Map_Name_NameList`, `List_List_Name`; an argument that is itself an
  instance by its Python name), made unique.

What the instance needs first is instantiated first: its arguments that are instances of the
module's class templates (`List<List<Name>>` needs `List<Name>`, whose class `t[0]` returns),
and the instance's own bases (`template <class T> class Stack : public List<T>`). A base of a
class is instantiated in the declaration view just before the class (`placement`: the
top-level declaration it is written before, render/view.py); a base of an instance that no
class derives from, with the other %template lines after the views. Derived classes name such a
base by its instance key (`Class.bases`: `tl::List<tl::Name>`, as types name it), so their
stubs, records and protocols find the instance. A template marked `ignore`, a base of a
header the module does not wrap (`std::`, another library's), and a class template's base
that depends on its parameters (until an instance binds them) keep SWIG's own handling.

Directive arguments are qualified first (`template(Names, Name)` in namespace `tl` is
`tl::Name`), so that an instance has one key however it is spelled, and the protocol macros,
which the compiler reads at global scope, name its type.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..diagnostics import Loc
from ..model import Class, Directive, Header
from ..parse.annotations import split_top_level
from .context import Context
from .instances import instance_key, normalized, qualified, substituted, template_params
from .plan import Instantiation


def qualified_template_args(headers: Sequence[Header], ctx: Context) -> list[Header]:
    """`headers` (and ctx.config) with each class template's `template(...)` directives'
    arguments qualified where they name a declaration of an enclosing namespace unqualified."""
    known = _known(headers)
    config = dict(ctx.config.by_name)

    def qualify(c: Class, ds: tuple[Directive, ...]) -> tuple[Directive, ...]:
        return tuple(replace(d, args=(d.args[0], *(qualified(a, c.qualname, known.__contains__)
                                                     for a in d.args[1:])))
                     if d.name == "template" and d.args else d for d in ds)

    out = []
    for h in headers:
        classes = []
        for c in h.classes:
            if c.template_params:
                if c.qualname in config:
                    config[c.qualname] = qualify(c, config[c.qualname])
                c = replace(c, directives=qualify(c, c.directives))
            classes.append(c)
        out.append(replace(h, classes=tuple(classes)))
    if config != ctx.config.by_name:
        ctx.config = replace(ctx.config, by_name=config)
    return out


def with_base_templates(headers: Sequence[Header],
                        ctx: Context) -> tuple[list[Header], dict[str, str]]:
    """`headers` with a `template(PyName, args)` directive implied for every base instance no
    directive names, and derived classes' bases named by instance key; and the placement of
    each base instance in the views: instance key -> the top-level class it comes before."""
    templates = {c.qualname: c for h in headers for c in h.classes if c.template_params
                 and not any(d.name in ("ignore", "exception") for d in _directives(c, ctx))}
    if not templates:
        return list(headers), {}
    aliases = {a.qualname: a for h in headers for a in h.aliases}
    named: dict[str, str] = {}  # instance key -> Python name
    for c in templates.values():
        for d in _directives(c, ctx):
            if d.name == "template" and _fits(c, d.args[1:]):
                named.setdefault(instance_key(c.qualname, d.args[1:]), d.args[0])
    taken = {name for h in headers for c in _all(h.classes) for name in (c.name, c.c_name)
             if name}
    taken |= set(named.values())
    implied: dict[str, list[Directive]] = {}
    placement: dict[str, str] = {}
    seen: set[str] = set()

    def instance(text: str) -> tuple[Class, tuple[str, ...]] | None:
        """(class template, arguments) if `text` spells an instance of one (a typedef of one
        too), else None."""
        text = normalized(text)
        alias = aliases.get(text.removeprefix("::"))
        if alias is not None and "<" not in text:
            text = normalized(alias.target.decl or alias.target.spelling)
        head, sep, rest = text.partition("<")
        c = templates.get(head.removeprefix("::"))
        if c is None or not sep or not rest.endswith(">"):
            return None
        args = tuple(a.strip() for a in split_top_level(rest[:-1]) if a.strip())
        return (c, args) if _fits(c, args) else None

    def python_name(c: Class, args: Sequence[str]) -> str:
        parts = [c.name]
        for a in args:
            found = instance(a)
            if found is not None:
                key = instance_key(found[0].qualname, found[1])
                parts.append(named.get(key) or python_name(*found))
            else:
                parts.append(_readable(a))
        return "_".join(p for p in parts if p)

    def need(c: Class, args: tuple[str, ...], where: str, loc: Loc) -> str:
        """Instantiate `c<args>` (what it needs first), before class `where` ("": after the
        views). Returns its instance key."""
        key = instance_key(c.qualname, args)
        if key in seen:
            return key
        seen.add(key)
        for a in args if where else ():  # a base's arguments: the classes its methods return
            found = instance(a)
            if found is not None:
                need(*found, where, loc)
        params = template_params(c, args)
        for b, decl in zip(c.bases, c.base_decls):
            found = instance(substituted(decl, params)) if b in templates or b in aliases \
                else None
            if found is not None:
                need(*found, where, loc)
        if key not in named:
            name = python_name(c, args)
            while name in taken:
                name += "_"
            taken.add(name)
            named[key] = name
            implied.setdefault(c.qualname, []).append(
                Directive("template", (name, *args), loc))
        if where:
            placement[key] = where
        return key

    def derived(c: Class, top: str) -> Class:
        """Class `c` (nested in top-level class `top`) with its base instances needed and
        named by key, and its nested classes the same (not those of a class not wrapped)."""
        if any(d.name == "ignore" for d in _directives(c, ctx)):
            return c
        bases = list(c.bases)
        for i, (b, decl) in enumerate(zip(c.bases, c.base_decls)):
            # (a base named by a typedef is that typedef: `class Scores : public IntList`)
            found = instance(decl) if b in templates or b in aliases else None
            if found is not None:
                bases[i] = need(*found, top, c.loc)
                if any(_names_class(a, c) for a in found[1]):
                    ctx.base_only.add(bases[i])
        return replace(c, bases=tuple(bases),
                       classes=tuple(derived(n, top) for n in c.classes))

    out = []
    for h in headers:  # in the order SWIG reads them: the first class deriving places it
        done = {id(c): derived(c, c.qualname) for c in sorted(h.classes, key=lambda c: c.loc.line)
                if not c.template_params}
        out.append(replace(h, classes=tuple(done.get(id(c), c) for c in h.classes)))
    for c in list(templates.values()):  # the bases of the instances directives ask for
        for d in _directives(c, ctx) + tuple(implied.get(c.qualname, ())):
            if d.name == "template" and _fits(c, d.args[1:]):
                params = template_params(c, d.args[1:])
                for b, decl in zip(c.bases, c.base_decls):
                    found = instance(substituted(decl, params)) \
                        if b in templates or b in aliases else None
                    if found is not None:
                        need(*found, "", d.loc)
    if implied:
        out = [replace(h, classes=tuple(
            replace(c, directives=c.directives + tuple(implied[c.qualname]))
            if c.qualname in implied else c for c in h.classes)) for h in out]
    return out, placement


def _names_class(arg: str, c: Class) -> bool:
    """Whether template argument `arg` names class `c` (`Option`, `CLI::Option`): the class
    derives from the instance with itself as an argument (CRTP: CLI11's `class Option : public
    OptionBase<Option>`). The instance's methods cast `this` to the class
    (`OptionBase<Option>::group()` returns `static_cast<Option *>(this)`): one made on its own
    is used as a class it is not, so it is a base only (`Context.base_only`)."""
    text = normalized(arg)
    if text.startswith("::"):
        return text[2:] == c.qualname
    return text in (c.qualname, c.name) or c.qualname.endswith("::" + text)


def placed(instantiations: Iterable[Instantiation],
           placement: dict[str, str]) -> tuple[Instantiation, ...]:
    """The instantiations, each base instance with the class its view line comes before."""
    return tuple(replace(i, before=placement[key]) if (key := normalized(i.cpp)) in placement
                 else i for i in instantiations)


def _directives(c: Class, ctx: Context) -> tuple[Directive, ...]:
    return c.directives + ctx.config.by_name.get(c.qualname, ())


def _fits(c: Class, args: Sequence[str]) -> bool:
    return len(c.template_params) - c.template_defaults <= len(args) <= len(c.template_params)


def _all(classes: Iterable[Class]) -> Iterable[Class]:
    for c in classes:
        yield c
        yield from _all(c.classes)


def _known(headers: Sequence[Header]) -> set[str]:
    """The qualified names a template argument may name: classes, enums, aliases."""
    known = {c.qualname for h in headers for c in _all(h.classes)}
    known |= {e.qualname for h in headers for e in h.enums if e.name}
    known |= {e.qualname for h in headers for c in _all(h.classes) for e in c.enums if e.name}
    known |= {a.qualname for h in headers for a in h.aliases}
    return known


def _readable(arg: str) -> str:
    """An argument's part of a Python name: its unqualified name (`tl::Name` -> `Name`,
    `std::string` -> `string`, `unsigned int` -> `unsigned_int`, `Node *` -> `NodePtr`)."""
    text = re.sub(r"\b[A-Za-z_]\w*::", "", arg)
    text = re.sub(r"\s*\*", "Ptr ", re.sub(r"\s*&", "Ref ", text))
    return "_".join(re.findall(r"[A-Za-z0-9]+", text))
