"""lower: apply defaults and directives to the parsed model and decide what to generate.

Everything the templates print is decided here (names, which overload a directive addresses,
which typemaps a module needs); the result is a ModulePlan of plain records.
"""

from __future__ import annotations

import os

from collections.abc import Sequence

from ..parse.annotations import UNSUPPORTED, is_identifier
from .._version import __version__
from ..diagnostics import Diagnostics, Loc
from ..model import Class, Directive, Header, Param
from .cffifields import cffi_classes
from .cffiplan import cffi_functions
from .classes import class_names, lower_class
from .context import ConfigAnnotations, Context
from .enums import flag_enums, lower_enum
from .directors import lower_directors
from .aliases import lower_aliases
from .typedef_templates import with_typedef_templates
from .textclasses import text_classes
from . import eigen as _eigen  # (registers Eigen's types: lower/libtypes.py)
from . import opencv as _opencv  # (registers OpenCV's types: lower/libtypes.py)
from .libtypes import retyped_headers, swg_files
from .buffers import lower_buffers
from .instances import class_bases, note_instances
from .base_templates import placed, qualified_template_args, with_base_templates
from .arrays import merge as merge_arrays
from .callables import direct_functions
from .fnpointers import note_pointer_functions, pointer_functions
from .functions import lower_functions
from .result_owners import view_parents
from .params import default_constructible, merge as merge_params
from .overload_order import as_in_bases
from .stubnames import stub_declarations
from .stubs import unshadowed, unshadowed_class
from .status import collect_status
from .order import order_headers
from .variables import lower_constants, lower_variables
from .errors import signature_table
from .kwforms import merged
from .exceptions import lower_exception_classes, std_table
from .protocols import collect_free_operators, inherit_comparisons
from .pydefaults import enum_members
from .plan import (Ignore, ImplicitClass, InlineNamespace, MacroCall, MapType, ModulePlan,
                   VectorType, view_path)
from .types import arg, cpp_type, vector_precedence
from .values import assigns_from_itself

__all__ = ["ConfigAnnotations", "lower"]


def lower(
    headers: Sequence[Header],
    module: str,
    diags: Diagnostics,
    config: ConfigAnnotations | None = None,
    typemaps: Sequence[str] = (),
    imports: Sequence[str] = (),
    type_table: str = "",
    package: str = "",
    imported_headers: Sequence[str] = (),
) -> ModulePlan:
    ctx = Context(diags, config or ConfigAnnotations())
    ctx.wrapped_files = {h.real or os.path.realpath(h.path) for h in headers}
    ctx.imported_headers = set(imported_headers)
    ctx.shared_params = _shared_params(headers)
    named = tuple(headers)  # as the user named them (banner, docstring); SWIG reads them ordered
    headers = order_headers(headers)
    headers = text_classes(headers, ctx)  # a library's string class is str (`str`)
    headers = retyped_headers(headers, ctx)  # a library's own types (Eigen): libtypes.py
    headers = qualified_template_args(headers, ctx)  # `template(Names, Name)`: tl::Name
    headers = with_typedef_templates(headers, ctx)  # `typedef Box<float> FloatBox;`
    headers, placement = with_base_templates(headers, ctx)  # `class N : public List<Name>`
    for h in headers:
        for c in h.classes:
            class_names(c, ctx)
        for e in h.enums:
            if e.name:  # (an anonymous enum's members are constants of its namespace)
                ctx.py_names[e.qualname] = _renamed(e.name, e.directives
                                                    + ctx.config.by_name.get(e.qualname, ()))
    ctx.enum_members = enum_members([e for h in headers for e in h.enums],
                                    [c for h in headers for c in h.classes])
    ctx.assignable = {c.qualname for h in headers for c in _all_classes(h.classes)
                      if assigns_from_itself(c)}
    ctx.ignored_classes = {c.qualname for h in headers for c in _all_classes(h.classes)
                           if any(d.name == "ignore" for d in c.directives
                                  + ctx.config.by_name.get(c.qualname, ()))}
    ctx.defined_classes = {c.qualname for h in headers for c in _all_classes(h.classes)}
    ctx.opaque_classes = {c.qualname for h in headers for c in h.classes if c.opaque}
    ctx.class_templates = {c.qualname for h in headers for c in _all_classes(h.classes)
                           if c.template_params}
    ctx.uncopyable = {c.qualname for h in headers for c in _all_classes(h.classes)
                      if c.is_abstract or not c.is_copyable
                      or any(k.is_copy and k.is_deleted for k in c.constructors)}
    ctx.polymorphic = {c.qualname for h in headers for c in _all_classes(h.classes)
                       if c.is_polymorphic}
    ctx.view_parents = view_parents([c for h in headers for c in _all_classes(h.classes)], ctx)
    ctx.no_public_dtor = {c.qualname for h in headers for c in _all_classes(h.classes)
                          if not c.has_public_destructor}
    ctx.immovable = {c.qualname for h in headers for c in _all_classes(h.classes)
                     if c.is_abstract or not c.has_public_destructor
                     or (any(k.is_copy and k.is_deleted for k in c.constructors)
                         and not any(k.is_move and not k.is_deleted for k in c.constructors))}
    ctx.throwing_dtor = {c.qualname for h in headers for c in _all_classes(h.classes)
                         if c.destructor_throws and c.has_public_destructor}
    ctx.default_constructible = {c.qualname for h in headers for c in _all_classes(h.classes)
                                 if default_constructible(c)}
    note_instances(headers, ctx)  # the same, by instance: `tl::List<tl::Name>`
    note_pointer_functions([f for h in headers for f in h.functions], ctx)
    for h in headers:
        collect_status(h.classes, ctx)
    ctx.skipped_types = {s.qualname for h in headers for s in h.skipped}
    for h in headers:
        collect_free_operators(h.functions, ctx)
        ctx.function_names.update((f.name, f.qualname) for f in h.functions)
    lower_exception_classes({c.qualname: c for h in headers for c in _all_classes(h.classes)},
                            ctx)
    ctx.flag_enums = flag_enums([f for h in headers for f in h.functions] +
                                [m for h in headers for c in _all_classes(h.classes)
                                 for m in c.methods])
    for h in headers:
        for e in h.enums:
            lower_enum(e, ctx)
        for c in h.classes:
            lower_class(c, ctx)
        ctx.stub_functions += lower_functions(h.functions, ctx)
        lower_variables(h.variables, ctx)
        lower_constants(h.constants, ctx)
        for s in h.skipped:
            dirs = ctx.directives(s.qualname, s.directives, UNSUPPORTED)
            if dirs.has("ignore"):
                if not s.swig_skips:
                    ctx.ignores.append(Ignore(s.qualname, "ignore directive"))
                continue
            if not s.swig_skips:
                ctx.ignores.append(Ignore(s.qualname, f"{s.what}: {s.why}"))
            diags.warning(s.loc, "SG301", f"{s.what} '{s.qualname}' is not wrapped: {s.why}",
                          "mark it 'swiggen: ignore' to silence this")
    inherit_comparisons(class_bases(headers, ctx), ctx)  # (a derived class compares as its base)
    typedefs = lower_aliases(headers, ctx)
    directors = lower_directors(headers, ctx)
    if any(m.macro in ("SWIGGEN_ITER", "SWIGGEN_ITER_SWITCH") for m in ctx.macro_calls):
        # range elements of a wrapped, copyable class come back as that class
        ctx.macro_calls += [MacroCall("SWIGGEN_WRAPPED", m.args) for m in list(ctx.macro_calls)
                            if m.macro == "SWIGGEN_COPY"]
    shared = {m.args[0] for m in ctx.ownership if m.macro == "SWIGGEN_SHARED_PTR"}
    for cpp in sorted(set(ctx.implicit_classes) & shared):
        diags.warning(ctx.implicit_locs[cpp], "SG301",
                      f"'implicit' has no effect on '{cpp}': the module passes it through "
                      "std::shared_ptr, whose typemaps take only instances",
                      "remove 'implicit', or do not pass the class through std::shared_ptr")
        del ctx.implicit_classes[cpp]
    buffers, resizers = lower_buffers(headers, ctx)  # `buffer`: the buffer protocol
    ctx.report_config_misfits()
    for key in sorted(set(ctx.config.by_name) - ctx.used_keys - ctx.config.left_out):
        diags.error(Loc(ctx.config.path, ctx.config.lines.get(key, 0)), "SG205",
                    f"config annotation '{key}' matches no declaration in the headers",
                    "use the qualified C++ name, e.g. \"ns::Class::method\"")
    annotated = {a.parameter for a in ctx.applies}  # their typemaps win (ownership.py)
    stub_classes, stub_functions, variables, aliases = stub_declarations(
        ctx.enums, ctx.variables, as_in_bases([unshadowed_class(c) for c in ctx.stub_classes]),
        unshadowed(ctx.stub_functions))
    direct, pointers = direct_functions(ctx), pointer_functions(ctx)
    cffi, cffi_sets = cffi_functions([f for h in headers for f in h.functions], stub_functions,
                                     ctx, {a for m in direct + pointers for a in m.args})
    cffi_structs = cffi_classes([c for h in headers for c in h.classes], stub_classes, ctx,
                                shared)
    return ModulePlan(
        cffi_functions=cffi,
        cffi_overloads=cffi_sets,
        cffi_classes=cffi_structs,
        module=module,
        type_table=type_table or "swiggen_" + "".join(
            f"{part}_" for part in package.split(".") if part) + module,
        imports=tuple(imports),
        package=package,
        version=__version__,
        headers=tuple(h.path for h in named),
        # an umbrella before the headers parsed through it (Header.within) or wrapped in its
        # place (umbrella.expansion), which it includes as its library means them to be: in
        # its order, after the macros they rely on (nlohmann/json.hpp's JSON_ASSERT)
        includes=tuple(dict.fromkeys([*(os.path.basename(h.within) for h in headers if h.within),
                                      *(h.include for h in headers if _umbrella(h, headers)),
                                      *(h.include for h in headers)])),
        views=tuple(dict.fromkeys(view_path(module, h.include) for h in headers)),
        renames=tuple(ctx.renames),
        ignores=tuple(dict.fromkeys(ctx.ignores)),
        features=tuple(dict.fromkeys(ctx.features)),
        docstrings=tuple(dict.fromkeys(ctx.docstrings)),
        instantiations=placed(ctx.instantiations, placement),
        vectors=tuple(VectorType(e, vector_precedence(e, e in ctx.vector_classes),
                                 "SWIGGEN_VECTOR_CLASS" if e in ctx.vector_classes
                                 else "SWIGGEN_VECTOR")
                      for e in sorted(ctx.vector_elements)),
        enums=tuple(ctx.enums),
        typemaps=tuple(typemaps),
        stub_functions=stub_functions,
        stub_classes=stub_classes,
        protocols=tuple(ctx.macro_calls),
        type_patches=tuple(ctx.type_patches),
        aggregate_inits=tuple(ctx.aggregate_inits),
        std_exceptions=std_table(),
        ownership=tuple(ctx.ownership),
        applies=tuple(dict.fromkeys([*ctx.applies, *(
            a for a in ctx.default_applies if a.parameter not in annotated)])),
        text_keepers=tuple(sorted(set(ctx.text_keepers))),
        symbol_flags=tuple(sorted(set(ctx.symbol_flags))),
        exceptions=tuple(ctx.exceptions),
        throws=tuple(ctx.throws),
        arrays=merge_arrays(ctx.arrays),
        params=merge_params(ctx.params, ctx),
        value_wrappers=tuple(ctx.value_wrappers),
        variables=variables,
        maps=tuple(MapType(template, arg(key), arg(value),
                           "SWIGGEN_MAP_CLASS" if is_class else "SWIGGEN_MAP")
                   for template, key, value, is_class in sorted(ctx.map_types)),
        constructor_extensions=tuple(ctx.constructor_extensions),
        array_shims=tuple(ctx.array_shims),
        callback_shims=tuple(ctx.callback_shims),
        nothrow=tuple(ctx.nothrow),
        direct_functions=direct,
        pointer_functions=pointers,
        notes=tuple(dict.fromkeys(ctx.notes)),
        inline_namespaces=tuple(dict.fromkeys(
            InlineNamespace(tuple(q.split("::")[:-1]), q.split("::")[-1])
            for h in headers for q in h.inline_namespaces)),
        nested=tuple(ctx.nested),
        signatures=signature_table(ctx.stub_functions, ctx.stub_classes, ctx.nested),
        keyword_overloads=merged(ctx.keyword_overloads),
        positional_only=tuple(sorted(set(ctx.positional_only), key=lambda p: p.symname)),
        origins=tuple((s, tuple(o)) for s, o in sorted(ctx.origins.items())),
        typedefs=typedefs,
        std_types=tuple(ctx.std_types),
        libraries=swg_files(ctx.std_types),
        string_view=ctx.string_view,
        stub_modules=tuple(sorted(ctx.stub_modules)),
        stub_aliases=aliases,
        wide_constants=tuple(ctx.wide_constants),
        text_classes=tuple(ctx.text_classes[q] for q in sorted(ctx.text_classes)),
        buffers=buffers,
        buffer_resizers=resizers,
        implicits=tuple(ImplicitClass(cpp, none)
                        for cpp, none in sorted(ctx.implicit_classes.items())
                        if cpp in ctx.py_names and cpp not in ctx.ignored_classes),
        directors=directors,
        module_doc=f"Python bindings for {', '.join(h.include for h in named)}, "
        "generated by swiggen.",
    )


def _all_classes(classes: Sequence[Class]) -> list[Class]:
    out: list[Class] = []
    for c in classes:
        out.append(c)
        out += _all_classes(c.classes)
    return out


def _renamed(name: str, directives: Sequence[Directive]) -> str:
    for d in directives:
        if d.name == "rename" and is_identifier(d.args[0]):
            name = d.args[0]
    return name


def _shared_params(headers: Sequence[Header]) -> set[tuple[str, str]]:
    """(C++ type, name) of every parameter but those of constructors of classes that view
    text (Context.shared_params)."""
    found: set[tuple[str, str]] = set()

    def add(params: Sequence[Param]) -> None:
        found.update((cpp_type(p.type), p.name) for p in params)

    for h in headers:
        for f in h.functions:
            add(f.params)
        for c in _all_classes(h.classes):
            for m in c.methods:
                add(m.params)
            if not c.views_text:
                for k in c.constructors:
                    add(k.params)
    return found


def _umbrella(h: Header, headers: Sequence[Header]) -> bool:
    """Whether `h` includes other headers the module wraps and none of them includes it (the
    top of the wrapped headers' includes: an umbrella, expanded or not)."""
    return bool(h.library_includes) and any(
        o.real in h.library_includes for o in headers if o is not h) and not any(
        h.real in o.library_includes for o in headers if o is not h)
