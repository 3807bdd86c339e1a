"""C++ types -> Python annotations for stubs, and which std::vector typemaps a module needs."""

from __future__ import annotations

from dataclasses import replace

from ..parse.annotations import split_top_level
from ..model import TypeKind, TypeRef
from .context import Context
from .convertible import items as std_items, note as note_converted, stub as std_stub, \
    uses_generic
from .smartvalues import smart_of_value
from .stdtypes import annotation_of, note_std_types
from .textclasses import retyped

_SCALAR = {
    TypeKind.BOOL: "bool",
    TypeKind.INT: "int",
    TypeKind.FLOAT: "float",
    TypeKind.STRING: "str",
    TypeKind.VOID: "None",
}
#: element kinds that swiggen's vector typemaps convert to and from Python lists
VECTOR_ELEMENTS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING)


#: C++ spellings of template arguments -> Python annotations (for instantiated templates)
_SPELLED = {
    "bool": "bool", "float": "float", "double": "float", "long double": "float",
    "std::string": "str", "char": "str", "void": "None",
}


def _template_arg(t: TypeRef, ctx: Context, param: bool) -> str | None:
    base = t.spelling.removeprefix("const ").rstrip(" &*").removesuffix(" const").strip()
    arg = ctx.template_args.get(base)
    if arg is None:
        return None
    arg = arg.strip()
    if arg in _SPELLED:
        return _SPELLED[arg]
    if any(word in arg for word in ("int", "long", "short", "size_t")) and "<" not in arg:
        return "int"
    spelled = spelled_type(arg, ctx)
    if spelled.kind in (TypeKind.VECTOR, TypeKind.MAP, TypeKind.STD):  # (STD: a `str` class)
        return annotation(spelled, ctx, param=param)
    return ctx.py_names.get(arg, "Any")


def scalar_pointer(t: TypeRef) -> bool:
    """`double *`, `const int *`: a pointer to a number or bool, which no Python value converts to
    (SWIG passes only a pointer object another call returned, or None where null is allowed)."""
    return t.kind in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT) and t.indirection == "*" \
        and "char" not in t.canonical


def annotation(t: TypeRef, ctx: Context, param: bool = False) -> str:
    if t.kind is TypeKind.OTHER and ctx.template_args:
        found = _template_arg(t, ctx, param)
        if found:
            return found
    if t.signature and (t.kind is TypeKind.STD or t.kind is TypeKind.OTHER):
        from .callables import annotation as callable_annotation
        return callable_annotation(t, ctx, param)
    if uses_generic(t) and t.kind is not TypeKind.STD:  # a container of STD items
        return _container_annotation(t, ctx, param)
    if t.kind is TypeKind.STD:
        items = std_items(t)
        found = std_stub(t, param, [annotation(a, ctx, param) for a in items])
        ctx.stub_modules |= {m for m in ("datetime", "os", "numpy.typing")
                              if f"{m}." in found}
        return found
    if t.kind is TypeKind.INT and t.canonical == "wchar_t":
        return "str"
    if t.kind is TypeKind.OTHER and t.canonical.endswith("wchar_t *"):
        return "str | None" if param else "str"
    if scalar_pointer(t):
        return "Any"  # an opaque pointer object (not a float: `where() -> float` was a lie)
    if t.kind in _SCALAR:
        if t.kind is TypeKind.INT and t.canonical == "char" and t.indirection != "*":
            return "str"  # a str of one character (SWIG takes an int too, returns a str)
        if t.kind is TypeKind.STRING and t.indirection == "*":
            return "str | None" if param else "str"
        return _SCALAR[t.kind]
    if t.kind is TypeKind.VECTOR and t.element is not None:
        inner = annotation(t.element, ctx, param)
        if t.element.kind in VECTOR_ELEMENTS or vector_element_spelling(t, ctx):
            return f"Sequence[{inner}]" if param else f"list[{inner}]"
        return "Any"
    if t.kind is TypeKind.MAP and t.key is not None and t.element is not None:
        if map_spelling(t, ctx) is None:
            return "Any"
        key, value = annotation(t.key, ctx, param), annotation(t.element, ctx, param)
        return f"Mapping[{key}, {value}]" if param else f"dict[{key}, {value}]"
    if t.kind in (TypeKind.OPTIONAL, TypeKind.SET, TypeKind.PAIR, TypeKind.STRING_VIEW):
        inner = annotation(t.element, ctx, param) if t.element else "Any"
        second = annotation(t.key, ctx, param) if t.key else "Any"
        return annotation_of(t, param, inner if t.kind is not TypeKind.PAIR else second, inner)
    if t.kind in (TypeKind.ENUM, TypeKind.CLASS):
        name = ctx.py_names.get(t.target)
        if name is None:
            return "Any"
        if param and t.target in ctx.implicit_classes and (
                t.indirection == "" or (t.indirection == "&" and t.is_const)):
            return f"{name} | Any"  # anything its constructors take (`implicit`)
        return f"{name} | None" if (t.indirection == "*" and param) else name
    return "Any"


def _container_annotation(t: TypeRef, ctx: Context, param: bool) -> str:
    """A vector, map, optional, set or pair whose items are converted by convert.swg."""
    inner = annotation(t.element, ctx, param) if t.element else "Any"
    if t.kind is TypeKind.VECTOR:
        return f"Sequence[{inner}]" if param else f"list[{inner}]"
    key = annotation(t.key, ctx, param) if t.key else "Any"
    if t.kind is TypeKind.MAP:
        return f"Mapping[{key}, {inner}]" if param else f"dict[{key}, {inner}]"
    return annotation_of(t, param, key if t.kind is TypeKind.PAIR else inner, inner)


def item_spelling(e: TypeRef | None, ctx: Context) -> str | None:
    """The C++ spelling of a container item that swiggen's container typemaps convert, or None:
    arithmetic types and strings, and classes the module wraps that can be copied."""
    if e is None or e.indirection:
        return None
    if e.kind is TypeKind.STRING:
        return "std::string"
    if e.kind in VECTOR_ELEMENTS:
        return e.canonical
    if e.kind is TypeKind.CLASS and e.target in ctx.py_names and \
            e.target not in ctx.uncopyable:
        if "<" not in e.canonical and e.target.endswith("::" + e.canonical.rsplit("::", 1)[-1]):
            return e.target  # (libclang's canonical drops inline namespaces: `lib::v3::Pos`)
        return e.canonical
    return None


def vector_element_spelling(t: TypeRef, ctx: Context) -> str | None:
    """The C++ spelling swiggen's SWIGGEN_VECTOR macro is instantiated with, or None: for
    arithmetic types and strings, and for classes the module wraps that can be copied."""
    if t.kind is not TypeKind.VECTOR:
        return None
    return item_spelling(t.element, ctx)


def map_spelling(t: TypeRef, ctx: Context) -> tuple[str, str, str] | None:
    """(template, key, value) for a std::map or std::unordered_map swiggen's SWIGGEN_MAP
    converts to and from dict, or None: keys arithmetic or strings, values those or copyable
    wrapped classes."""
    if t.kind is not TypeKind.MAP or t.key is None or t.key.kind is TypeKind.CLASS:
        return None
    key, value = item_spelling(t.key, ctx), item_spelling(t.element, ctx)
    if key is None or value is None:
        return None
    template = "std::unordered_map" if t.target.endswith("unordered_map") else "std::map"
    return template, key, value


#: overload-dispatch precedence of a vector typemap, by element (SWIG's *_ARRAY levels), so
#: that overloads on different element types are ordered, not "shadowed"
_PRECEDENCE = {
    "bool": "SWIG_TYPECHECK_BOOL_ARRAY",
    "signed char": "SWIG_TYPECHECK_INT8_ARRAY", "unsigned char": "SWIG_TYPECHECK_INT8_ARRAY",
    "short": "SWIG_TYPECHECK_INT16_ARRAY", "unsigned short": "SWIG_TYPECHECK_INT16_ARRAY",
    "int": "SWIG_TYPECHECK_INT32_ARRAY", "unsigned int": "SWIG_TYPECHECK_INT32_ARRAY",
    "long": "SWIG_TYPECHECK_INT64_ARRAY", "unsigned long": "SWIG_TYPECHECK_INT64_ARRAY",
    "long long": "SWIG_TYPECHECK_INT128_ARRAY",
    "unsigned long long": "SWIG_TYPECHECK_INT128_ARRAY",
    "float": "SWIG_TYPECHECK_FLOAT_ARRAY", "double": "SWIG_TYPECHECK_DOUBLE_ARRAY",
    "long double": "SWIG_TYPECHECK_DOUBLE_ARRAY",
    "char": "SWIG_TYPECHECK_CHAR_ARRAY", "std::string": "SWIG_TYPECHECK_STRING_ARRAY",
}


def vector_precedence(element: str, is_class: bool = False) -> str:
    if is_class:
        return "SWIG_TYPECHECK_OBJECT_ARRAY"
    return _PRECEDENCE.get(element, "SWIG_TYPECHECK_DOUBLE_ARRAY")


def note_types(types: tuple[TypeRef, ...], ctx: Context) -> None:
    """Record every std::vector and std::map of arithmetic types, strings or wrapped classes
    used, for the typemaps."""
    note_std_types(types, ctx)
    for t in types:
        note_converted(t, ctx)
        spelling = vector_element_spelling(t, ctx)
        if spelling:
            ctx.vector_elements.add(spelling)
            if t.element is not None and t.element.kind is TypeKind.CLASS:
                ctx.vector_classes.add(spelling)
        found = map_spelling(t, ctx)
        if found:
            is_class = t.element is not None and t.element.kind is TypeKind.CLASS
            ctx.map_types.add((*found, is_class))


def spelled_type(arg: str, ctx: Context) -> TypeRef:
    """A TypeRef for a C++ type as a config spells it in a template argument (`long long`,
    `std::vector<ns::Node>`, `std::map<std::string, ns::Node>`). Only the shapes swiggen
    converts are recognised: anything else is OTHER, passed to SWIG as written."""
    arg = " ".join(arg.split())
    kind = _KINDS.get(arg)
    target = ""
    element: TypeRef | None = None
    key: TypeRef | None = None
    head, _, rest = arg.partition("<")
    head = head.strip()
    if kind is None:
        if "<" not in arg and any(w in _INTEGERS for w in arg.replace("std::", "").split()):
            kind = TypeKind.INT
        elif arg in ctx.py_names:
            kind, target = TypeKind.CLASS, arg
        elif rest.endswith(">") and head in ("std::vector", "std::map", "std::unordered_map"):
            parts = split_top_level(rest[:-1])
            if head == "std::vector" and len(parts) == 1:
                kind, element = TypeKind.VECTOR, spelled_type(parts[0], ctx)
            elif head != "std::vector" and len(parts) == 2:
                kind, target = TypeKind.MAP, head
                key, element = spelled_type(parts[0], ctx), spelled_type(parts[1], ctx)
            else:
                kind = TypeKind.OTHER
        else:
            kind = TypeKind.OTHER
    # (a class marked `str` is a converted type: textclasses.py)
    return retyped(TypeRef(arg, arg, kind, target=target, element=element, key=key), ctx)


#: C++ spellings of template arguments -> the TypeKind of the instantiated type
_KINDS = {
    "bool": TypeKind.BOOL, "float": TypeKind.FLOAT, "double": TypeKind.FLOAT,
    "long double": TypeKind.FLOAT, "std::string": TypeKind.STRING,
}
_INTEGERS = ("char", "short", "int", "long", "size_t", "ptrdiff_t", "int8_t", "int16_t",
             "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t", "unsigned")


def substitute(t: TypeRef, args: dict[str, str], ctx: Context) -> TypeRef | None:
    """`t` with a template parameter replaced by its argument (`const Key &` with Key =
    std::string is `const std::string &`), or None when the parameter sits deeper in the type
    (`std::vector<Key>`), which swiggen does not rebuild. Non-dependent types come back as is."""
    if "type-parameter" not in t.canonical and "type-parameter" not in t.spelling:
        return t
    base = t.spelling.removeprefix("const ").rstrip(" &*").removesuffix(" const").strip()
    arg = args.get(base)
    if arg is None:
        return None
    found = spelled_type(arg, ctx)
    const = "const " if t.is_const else ""
    spelled = f"{const}{found.canonical} {t.indirection}".strip()
    return replace(found, spelling=spelled, is_const=t.is_const, indirection=t.indirection)


def cpp_type(t: TypeRef, value: bool = False) -> str:
    """A C++ spelling of `t` valid at global scope (`value`: without const and reference)."""
    if t.kind is TypeKind.STRING and t.indirection != "*":
        base = "std::string"
    elif t.kind is TypeKind.VECTOR and t.element is not None:
        base = f"std::vector< {_item(t.element)} >"
    elif t.kind is TypeKind.MAP and t.key is not None and t.element is not None:
        template = "std::unordered_map" if t.target.endswith("unordered_map") else "std::map"
        base = f"{template}< {_item(t.key)}, {_item(t.element)} >"
    elif "std::basic_string<char>" in t.canonical and (smart_of_value(t) or t.kind in (
            TypeKind.PAIR, TypeKind.OPTIONAL, TypeKind.SET)):
        from .convertible import swig_spelling  # (SWIG: std::string is no basic_string<char>)
        base = swig_spelling(replace(t, is_const=False, indirection=""))
    else:
        base = t.canonical
    if value:
        return base
    if t.is_const and not t.indirection and base.endswith("*"):
        return f"{base} const"  # a typedef of a pointer, const: the pointer's own const
    const = "const " if t.is_const else ""
    return f"{const}{base} {t.indirection}".strip() if t.indirection else f"{const}{base}"


def _item(t: TypeRef) -> str:
    """A container item's spelling: a pointer stays one (`std::map<std::string, double *>` is
    not a map of doubles)."""
    return cpp_type(t) if "*" in t.indirection else cpp_type(t, value=True)


def arg(text: str) -> str:
    """A macro argument that may contain commas."""
    return f"%arg({text})" if "," in text else text
