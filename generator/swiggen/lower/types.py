"""C++ types -> Python annotations for stubs, and which std::vector typemaps a module needs."""

from __future__ import annotations

from ..model import TypeKind, TypeRef
from .context import Context

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


def _template_arg(t: TypeRef, ctx: Context) -> str | None:
    base = t.spelling.removeprefix("const ").rstrip(" &*").removesuffix(" const").strip()
    arg = ctx.template_args.get(base)
    if arg is None:
        return None
    arg = arg.strip()
    if arg in _SPELLED:
        return _SPELLED[arg]
    if any(word in arg for word in ("int", "long", "short", "size_t")) and "<" not in arg:
        return "int"
    return ctx.py_names.get(arg, "Any")


def annotation(t: TypeRef, ctx: Context, param: bool = False) -> str:
    if t.kind is TypeKind.OTHER and ctx.template_args:
        found = _template_arg(t, ctx)
        if found:
            return found
    if t.kind in _SCALAR:
        if t.kind is TypeKind.STRING and t.indirection == "*":
            return "str | None" if param else "str"
        return _SCALAR[t.kind]
    if t.kind is TypeKind.VECTOR and t.element is not None:
        inner = annotation(t.element, ctx)
        if t.element.kind in VECTOR_ELEMENTS or vector_element_spelling(t, ctx):
            return f"Sequence[{inner}]" if param else f"list[{inner}]"
        return "Any"
    if t.kind in (TypeKind.ENUM, TypeKind.CLASS):
        name = ctx.py_names.get(t.target)
        if name is None:
            return "Any"
        return f"{name} | None" if (t.indirection == "*" and param) else name
    return "Any"


def vector_element_spelling(t: TypeRef, ctx: Context) -> str | None:
    """The C++ spelling swiggen's SWIGGEN_VECTOR macro is instantiated with, or None: for
    arithmetic types and strings, and for classes the module wraps that can be copied."""
    e = t.element
    if t.kind is not TypeKind.VECTOR or e is None or e.indirection:
        return None
    if e.kind is TypeKind.STRING:
        return "std::string"
    if e.kind in VECTOR_ELEMENTS:
        return e.canonical
    if e.kind is TypeKind.CLASS and e.target in ctx.py_names and \
            e.target not in ctx.uncopyable and "." not in ctx.py_names[e.target]:
        return e.canonical
    return None


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
    """Record every std::vector<arithmetic, string or wrapped class> used, for the typemaps."""
    for t in types:
        spelling = vector_element_spelling(t, ctx)
        if spelling:
            ctx.vector_elements.add(spelling)
            if t.element is not None and t.element.kind is TypeKind.CLASS:
                ctx.vector_classes.add(spelling)


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
    arg = " ".join(arg.split())
    kind = _KINDS.get(arg)
    target = ""
    if kind is None:
        if "<" not in arg and any(w in _INTEGERS for w in arg.replace("std::", "").split()):
            kind = TypeKind.INT
        elif arg in ctx.py_names:
            kind, target = TypeKind.CLASS, arg
        else:
            kind = TypeKind.OTHER
    const = "const " if t.is_const else ""
    spelled = f"{const}{arg} {t.indirection}".strip()
    return TypeRef(spelled, arg, kind, t.is_const, t.indirection, target)


def cpp_type(t: TypeRef, value: bool = False) -> str:
    """A C++ spelling of `t` valid at global scope (`value`: without const and reference)."""
    if t.kind is TypeKind.STRING and t.indirection != "*":
        base = "std::string"
    elif t.kind is TypeKind.VECTOR and t.element is not None:
        base = f"std::vector< {cpp_type(t.element, value=True)} >"
    else:
        base = t.canonical
    if value:
        return base
    const = "const " if t.is_const else ""
    return f"{const}{base} {t.indirection}".strip() if t.indirection else f"{const}{base}"


def arg(text: str) -> str:
    """A macro argument that may contain commas."""
    return f"%arg({text})" if "," in text else text
