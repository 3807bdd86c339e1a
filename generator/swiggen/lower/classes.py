"""Classes and structs: names, template instantiations, fields, and their stubs."""

from __future__ import annotations

from dataclasses import replace

from ..parse.annotations import CLASS, CLASS_TEMPLATE, FIELD, is_identifier
from ..model import Class, Directive, Function, TypeKind
from .context import Context, Directives, python_name_ok, safe_python_name, unclashed
from .enums import lower_anonymous_enum, lower_enum
from .signatures import init_docstring, with_signature
from .fntemplates import check_template_args
from .instances import instance_class, instance_cpp, instance_key, template_arguments
from .functions import lower_constructors, lower_functions
from .limits import field_why, read_only, skip
from .protocols import lower_class_protocols
from .buffers import buffer_stubs
from .ownership import note_class_ownership, note_smart_pointers
from .convertible import uses_generic
from .stdtypes import KINDS, left_out, unconverted
from .status import lower_status
from .structs import lower_struct
from .values import lower_value_wrapper
from .plan import Feature, Ignore, Instantiation, MacroCall, Rename
from .pyrecords import NestedClass, StubAttribute, StubClass, StubFunction
from .types import annotation, arg, map_spelling, note_types, vector_element_spelling


def class_names(c: Class, ctx: Context, outer: str = "") -> None:
    """First pass: record the Python name of `c` (and its instantiations, nested types) so that
    stubs for declarations that come earlier in the header can name it. A class nested in
    class `outer` (its Python name) is `Outer.Inner` (see `_nest`)."""
    if c.template_params:
        for d in c.directives + ctx.config.by_name.get(c.qualname, ()):
            if d.name == "template" and len(c.template_params) - c.template_defaults <= \
                    len(d.args) - 1 <= len(c.template_params):
                ctx.py_names[f"{c.qualname}<{', '.join(d.args[1:])}>"] = d.args[0]
                ctx.py_names[f"{c.qualname}<{','.join(d.args[1:])}>"] = d.args[0]
                # as types name it (TypeRef.target: `tl::List<tl::Name>`), the first one wins
                ctx.py_names.setdefault(instance_key(c.qualname, d.args[1:]), d.args[0])
                ctx.py_names.setdefault(
                    instance_key(c.qualname, template_arguments(c, d.args[1:])), d.args[0])
        return
    name = c.c_name or c.name  # `typedef struct ctx_st {...} CTX;`: C code's name
    for d in c.directives + ctx.config.by_name.get(c.qualname, ()):
        if d.name == "rename" and is_identifier(d.args[0]):
            name = d.args[0]
        if d.name == "implicit":  # parameters annotate as such before the class is lowered
            ctx.implicit_classes[c.qualname] = d.args == ("none",)
            ctx.implicit_locs[c.qualname] = d.loc
    if outer:
        name = f"{outer}.{name}"
    elif name == (c.c_name or c.name):
        name = unclashed(name, c.qualname, c.loc, ctx)
    ctx.py_names[c.qualname] = name
    if c.is_abstract or not c.is_copyable or \
            any(k.is_copy and k.is_deleted for k in c.constructors):
        ctx.uncopyable.add(c.qualname)
    for e in c.enums:
        if e.name:  # an anonymous enum's qualname is its class's: its members are constants
            ctx.py_names[e.qualname] = f"{name}.{e.name}"
    for n in c.classes:
        class_names(n, ctx, name)


def lower_class(c: Class, ctx: Context, outer: str = "") -> None:
    """`outer`: the Python name of the class `c` is nested in."""
    kind = CLASS_TEMPLATE if c.template_params else CLASS
    dirs = ctx.directives(c.qualname, c.directives, kind)
    if dirs.has("ignore"):
        ctx.ignores.append(Ignore(c.qualname, "ignore directive"))
        return
    if dirs.has("exception"):
        return  # a Python exception class: see exceptions.py
    if dirs.has("str"):
        if c.qualname in ctx.text_classes:  # (else its error is reported: textclasses.py)
            ctx.ignores.append(Ignore(c.qualname, "a str class: Python str wherever it is used"))
        return
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
                args = d.args[1:]
                ctx.instantiations.append(Instantiation(d.args[0], instance_cpp(c.qualname, args),
                                                        d.loc))
                # the instance is lowered as the class it is, by the rules of every class;
                # its members' own lowering binds the arguments through ctx.template_args
                ctx.template_args = dict(zip(c.template_params, args))
                concrete = instance_class(c, args, ctx)
                if concrete.qualname in ctx.base_only:  # CRTP: a base only (base_templates.py)
                    cpp = instance_cpp(c.qualname, args)
                    ctx.features.append(Feature("nodefaultctor", cpp))
                    ctx.ignores.append(Ignore(f"{cpp}::{c.name}", "a CRTP base: a base only"))
                    concrete = replace(concrete, constructors=(), is_aggregate=False,
                                       default_constructible=False)
                try:
                    _lower_concrete(concrete, d.args[0], dirs, ctx, template=c)
                finally:
                    ctx.template_args = {}
        return
    if outer:
        name = _nest(c, outer, dirs.rename(c.name), ctx)
    elif (name := dirs.rename(ctx.py_names.get(c.qualname, c.name))) != c.name:
        # (a global one by kind: SWIG matches a qualified name so restricted to nothing)
        ctx.renames.append(Rename(c.qualname, name, kind="" if "::" in c.qualname else "class"))
    for d in dirs.all("implicit"):
        if d.args not in ((), ("none",)):
            ctx.diags.error(d.loc, "SG208", f"{d}: the only argument 'implicit' takes is 'none'",
                            "write 'implicit', or 'implicit(none)' to make None the "
                            "default-constructed object")
    _lower_concrete(c, name, dirs, ctx)


def _lower_concrete(c: Class, name: str, dirs: Directives, ctx: Context,
                    template: Class | None = None) -> None:
    """A class, or a class template's instance (`template`: the class template, `c` its
    instance: instances.py), by the same rules."""
    lower_value_wrapper(c, ctx)
    lower_status(c, dirs, ctx)
    if dirs.has("view") or c.views_text:
        # by-value results keep their maker alive (ownership.swg): a class that points into
        # text it does not own (leveldb's Slice from an iterator's key()) is a view by itself
        ctx.ownership.append(MacroCall("SWIGGEN_VIEW_CLASS", (arg(c.qualname),)))
    iterate = dirs.all("iterate")
    _lower_body(c, name, ctx, no_init=note_class_ownership(c.qualname, c.name, dirs, ctx),
                iterate=iterate[-1] if iterate else None, template=template)


def _lower_body(c: Class, name: str, ctx: Context, no_init: bool = False,
                iterate: Directive | None = None, template: Class | None = None) -> None:
    """`template`: the class template `c` is an instance of. Its members are addressed as
    the template's (`scope`): SWIG's directives and the config's keys name them so."""
    scope = template.qualname if template else c.qualname
    attributes = []
    wrapped = []
    # the class's own code (type object, destructor, helpers SWIG names after it) is the class's
    flat = name.replace(".", "_")
    ctx.origin(flat, scope, c.loc, name, "class")
    for copy in ("__copy__", "__deepcopy__"):  # SWIGGEN_COPY's (protocols.py)
        ctx.origin(f"{flat}_{copy}", scope, c.loc, f"{name}.{copy}", "copy")
    for f in c.fields:
        target = f"{scope}::{f.name}"
        dirs = ctx.directives(target, f.directives, FIELD)
        if dirs.has("ignore"):
            ctx.ignores.append(Ignore(target, "ignore directive"))
            continue
        cannot = field_why(c, f, ctx)
        if cannot:
            skip(target, f, *cannot, f"field '{target}'", ctx)
            continue
        if unconverted((f.type,), ctx=ctx) or f.type.kind in KINDS and f.type.indirection:
            left_out(target, target, f.loc, unconverted((f.type,), ctx=ctx) or
                     f"'{f.type.spelling}' field: only values convert", ctx)
            continue
        fname = dirs.rename(f.name)
        why = ""
        if fname == f.name:  # PEP 8's trailing underscore for keywords, as methods
            fname, why = safe_python_name(f.name)
        if fname != f.name:
            ctx.renames.append(Rename(target, fname, why))
        # a std::string_view field assigned from Python would view a temporary: read-only
        view = f.type.kind is TypeKind.STRING_VIEW and not f.is_const
        readonly = read_only(f) or dirs.has("readonly") or view
        if dirs.has("readonly") or (readonly and not f.is_const):
            ctx.features.append(Feature("immutable", target))
        note_types((f.type,), ctx)
        note_smart_pointers([f.type], ctx)
        if vector_element_spelling(f.type, ctx) or f.type.kind in KINDS or \
                uses_generic(f.type) or map_spelling(f.type, ctx):
            # read and assign whole lists (by const reference), not a pointer to the member
            ctx.features.append(Feature("naturalvar", target))
        ctx.doc(target, f.doc)
        attributes.append(StubAttribute(fname, annotation(f.type, ctx), readonly))
        ctx.origin(f"{name.replace('.', '_')}_{fname}_get", target, f.loc, f"{name}.{fname}")
        ctx.origin(f"{name.replace('.', '_')}_{fname}_set", target, f.loc, f"{name}.{fname}",
                   "assign")
        wrapped.append((replace(f, is_const=True) if readonly else f, fname))
    methods = lower_struct(c, name, wrapped, ctx, init=not no_init)
    # (a template's members as the template declares them: their lowering binds the arguments)
    members = template or c
    if not c.is_abstract and not methods and not no_init:
        methods += lower_constructors(members.constructors, scope, c.name, ctx,
                                      views_text=c.views_text)
        if not c.constructors and c.default_constructible:
            # SWIG's implicit default constructor: in the stub and the class's signature too
            methods.append(StubFunction("__init__", (), "None", ""))
    methods += lower_functions(_usable_methods(members, ctx), ctx, owner=scope)
    for member in sorted(set(c.using_members) & {m.name for m in c.methods}):
        # `using Base::f;` next to its own f: one overload set for SWIG, positional only
        ctx.features.append(Feature("kwargs", f"{scope}::{member}", "0"))
    inits = [m for m in methods if m.name == "__init__"]
    if inits and not c.has_public_destructor:
        ctx.diags.warning(c.loc, "SG342", f"class '{c.qualname}' has a public constructor but "
                          "no public destructor: an object Python constructs is never "
                          "destroyed by Python (only a C++ function of the class can destroy "
                          "it, e.g. a release() method)",
                          "give it a public destructor, or mark its constructors 'swiggen: "
                          "ignore' if its objects are made by C++")
    if len(inits) > 1:  # constructors and constructor template instances: one overload set
        methods = [replace(m, overloaded=True) for m in inits] + [
            m for m in methods if m.name != "__init__"]
    # the class docstring starts with the constructor's signature (help(), inspect.signature)
    # (SWIG's own keywords, or kwdispatch.py's where SWIG dispatches: lower_constructors)
    keywords = not any(m.positional for m in inits)
    # (an instance's docstring is its own: `%feature("docstring") geo::Box<int>`; a class of
    # the global namespace is `::Box`, or SWIG gives its constructor the class's docstring too)
    target = c.qualname if "::" in c.qualname else f"::{c.qualname}"
    ctx.doc(target, with_signature(c.doc, name, inits, False, keywords) if inits else c.doc)
    # (and `__init__`'s own: `inspect.signature(cls)` reads it where SWIG gives it one)
    # (an instance's, `geo::Box<int>::Box`: each instance lists its own constructors)
    ctx.doc(f"{c.qualname}::{scope.rpartition('::')[2]}",
            init_docstring(name.rpartition(".")[2], inits, keywords))
    methods += lower_class_protocols(c, name, ctx, iterate)
    methods += buffer_stubs(c, ctx)  # `buffer`: __buffer__ (lower/buffers.py)
    enums = tuple(e for e in (lower_enum(e, ctx, owner_py=name) for e in c.enums if e.name)
                  if e)
    for e in c.enums:
        if not e.name:  # `enum { kSize = 4 };` in a class: class constants
            attributes += lower_anonymous_enum(e, ctx, owner_py=name)
    start = len(ctx.stub_classes)
    for nested in c.classes:
        if template:
            why = "a class nested in a class template"
            ctx.ignores.append(Ignore(nested.qualname, why))
            ctx.diags.warning(nested.loc, "SG310", f"nested class '{nested.qualname}' is not "
                              f"wrapped: it is {why}, which SWIG cannot flatten",
                              "move it out of the template, or mark it 'swiggen: ignore'")
        else:
            lower_class(nested, ctx, name)
    inner = tuple(ctx.stub_classes[start:])  # the nested classes' stubs go inside this one's
    del ctx.stub_classes[start:]
    bases = tuple(ctx.py_names[b] for b in c.bases if b in ctx.py_names)
    ctx.stub_classes.append(StubClass(name.rpartition(".")[2], bases, c.doc, tuple(attributes),
                                      tuple(methods), enums, inner))


def _usable_methods(c: Class, ctx: Context) -> list[Function]:
    """The methods to wrap: of a class template, not those taking or returning a class nested
    in it (not wrapped, SG310: Python would get an object it cannot use), which are left out
    with the same warning."""
    nested = {n.qualname for n in c.classes} if c.template_params else set()
    out = []
    for f in c.methods:
        used = [t.target for t in (f.result, *(p.type for p in f.params)) if t.target in nested]
        if not used:
            out.append(f)
        elif (f.qualname, f.signature) not in ctx.operators_mapped:
            why = f"it uses '{used[0]}', a class nested in a class template (not wrapped)"
            overloads = sum(1 for m in c.methods if m.qualname == f.qualname and
                            not m.is_deleted)
            ctx.ignores.append(Ignore(f.qualname + f.signature if overloads > 1 else f.qualname,
                                      why))
            ctx.diags.warning(f.loc, "SG310", f"'{f.qualname}{f.written_signature}' is not "
                              f"wrapped: {why}", "move the nested class out of the template, or mark "
                              "the method 'swiggen: ignore'")
    return out


def _nest(c: Class, outer: str, name: str, ctx: Context) -> str:
    """A nested class: SWIG flattens it (`%feature("flatnested")`, swiggen.swg) under a module
    name of our choosing, `Outer_Inner`, which NAME.py then moves to `Outer.Inner`. Returns its
    Python name, `Outer.Inner`."""
    path = f"{outer}.{name}"
    flat = path.replace(".", "_")
    ctx.renames.append(Rename(c.qualname, flat, f"nested class: {path} in Python"))
    ctx.nested.append(NestedClass(outer, name, flat))
    return path
