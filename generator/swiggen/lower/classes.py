"""Classes and structs: names, template instantiations, fields, and their stubs."""

from __future__ import annotations

import keyword
from dataclasses import replace

from .. import annotations as A
from ..model import Class, Directive
from .context import Context, python_name_ok, unclashed
from .enums import lower_enum
from .functions import check_template_args, lower_constructors, lower_functions
from .limits import field_why, read_only, skip
from .protocols import lower_class_protocols
from .ownership import note_class_ownership, note_smart_pointers
from .structs import lower_struct
from .values import lower_value_wrapper
from .plan import Feature, Ignore, Instantiation, Rename, StubAttribute, StubClass
from .types import annotation, note_types, vector_element_spelling


def class_names(c: Class, ctx: Context) -> None:
    """First pass: record the Python name of `c` (and its instantiations, nested types) so that
    stubs for declarations that come earlier in the header can name it."""
    if c.template_params:
        for d in c.directives + ctx.config.by_name.get(c.qualname, ()):
            if d.name == "template" and len(c.template_params) - c.template_defaults <= \
                    len(d.args) - 1 <= len(c.template_params):
                ctx.py_names[f"{c.qualname}<{', '.join(d.args[1:])}>"] = d.args[0]
                ctx.py_names[f"{c.qualname}<{','.join(d.args[1:])}>"] = d.args[0]
        return
    name = c.name
    for d in c.directives + ctx.config.by_name.get(c.qualname, ()):
        if d.name == "rename" and A.is_identifier(d.args[0]):
            name = d.args[0]
        if d.name == "implicit":  # parameters annotate as such before the class is lowered
            ctx.implicit_classes[c.qualname] = d.args == ("none",)
            ctx.implicit_locs[c.qualname] = d.loc
    if name == c.name:
        name = unclashed(name, c.qualname, c.loc, ctx)
    ctx.py_names[c.qualname] = name
    if c.is_abstract or not c.is_copyable or \
            any(k.is_copy and k.is_deleted for k in c.constructors):
        ctx.uncopyable.add(c.qualname)
    for e in c.enums:
        ctx.py_names[e.qualname] = f"{name}.{e.name}"
    for n in c.classes:
        class_names(n, ctx)


def lower_class(c: Class, ctx: Context) -> None:
    kind = A.CLASS_TEMPLATE if c.template_params else A.CLASS
    dirs = ctx.directives(c.qualname, c.directives, kind)
    if dirs.has("ignore"):
        ctx.ignores.append(Ignore(c.qualname, "ignore directive"))
        return
    if dirs.has("exception"):
        return  # a Python exception class: see exceptions.py
    if c.template_params:
        found = dirs.all("template")
        if not found:
            ctx.diags.warning(c.loc, "SG303", f"class template '{c.qualname}' is not wrapped",
                              f"add 'swiggen: template(PyName, {', '.join(c.template_params)})'"
                              " naming the types to instantiate it for")
            return
        for d in found:
            if check_template_args(d, c.qualname, c.template_params, ctx,
                                   c.template_defaults) and \
                    python_name_ok(d.args[0], d.loc, ctx):
                cpp = f"{c.qualname}<{', '.join(d.args[1:])}>"
                ctx.instantiations.append(Instantiation(d.args[0], cpp, d.loc))
                ctx.template_args = dict(zip(c.template_params, d.args[1:]))
                try:
                    _lower_body(c, d.args[0], ctx)
                finally:
                    ctx.template_args = {}
        return
    name = dirs.rename(ctx.py_names.get(c.qualname, c.name))
    if name != c.name:
        ctx.renames.append(Rename(c.qualname, name))
    for d in dirs.all("implicit"):
        if d.args not in ((), ("none",)):
            ctx.diags.error(d.loc, "SG208", f"{d}: the only argument 'implicit' takes is 'none'",
                            "write 'implicit', or 'implicit(none)' to make None the "
                            "default-constructed object")
    lower_value_wrapper(c, ctx)
    iterate = dirs.all("iterate")
    _lower_body(c, name, ctx, no_init=note_class_ownership(c.qualname, c.name, dirs, ctx),
                iterate=iterate[-1] if iterate else None)


def _lower_body(c: Class, name: str, ctx: Context, no_init: bool = False,
                iterate: Directive | None = None) -> None:
    ctx.doc(c.qualname, c.doc)
    attributes = []
    wrapped = []
    for f in c.fields:
        target = f"{c.qualname}::{f.name}"
        dirs = ctx.directives(target, f.directives, A.FIELD)
        if dirs.has("ignore"):
            ctx.ignores.append(Ignore(target, "ignore directive"))
            continue
        cannot = field_why(c, f, ctx)
        if cannot:
            skip(target, f, *cannot, f"field '{target}'", ctx)
            continue
        fname = dirs.rename(f.name)
        why = ""
        if fname == f.name and keyword.iskeyword(fname):
            fname, why = fname + "_", f"'{f.name}' is a Python keyword"  # PEP 8, as methods
        if fname != f.name:
            ctx.renames.append(Rename(target, fname, why))
        readonly = read_only(f) or dirs.has("readonly")
        if dirs.has("readonly") or (readonly and not f.is_const):
            ctx.features.append(Feature("immutable", target))
        note_types((f.type,), ctx)
        note_smart_pointers([f.type], ctx)
        if vector_element_spelling(f.type, ctx):
            # read and assign whole lists (by const reference), not a pointer to the member
            ctx.features.append(Feature("naturalvar", target))
        ctx.doc(target, f.doc)
        attributes.append(StubAttribute(fname, annotation(f.type, ctx), readonly))
        wrapped.append((replace(f, is_const=True) if readonly else f, fname))
    methods = lower_struct(c, name, wrapped, ctx, init=not no_init)
    if not c.is_abstract and not methods and not no_init:
        methods += lower_constructors(c.constructors, c.qualname, c.name, ctx)
    methods += lower_functions(c.methods, ctx, owner=c.qualname)
    for member in sorted(set(c.using_members) & {m.name for m in c.methods}):
        # `using Base::f;` next to its own f: one overload set for SWIG, positional only
        ctx.features.append(Feature("kwargs", f"{c.qualname}::{member}", "0"))
    inits = [m for m in methods if m.name == "__init__"]
    if len(inits) > 1:  # constructors and constructor template instances: one overload set
        methods = [replace(m, overloaded=True) for m in inits] + [
            m for m in methods if m.name != "__init__"]
    if not c.template_params:
        methods += lower_class_protocols(c, name, ctx, iterate)
    enums = tuple(e for e in (lower_enum(e, ctx, owner_py=name) for e in c.enums) if e)
    for nested in c.classes:
        lower_class(nested, ctx)
    bases = tuple(ctx.py_names[b] for b in c.bases if b in ctx.py_names)
    ctx.stub_classes.append(StubClass(name, bases, c.doc, tuple(attributes), tuple(methods),
                                      enums))
