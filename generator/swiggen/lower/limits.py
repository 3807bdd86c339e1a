"""Declarations that cannot work from Python as C++ declares them, and what becomes of them.

Each is left out with a located warning (and listed by `swiggen inspect`), or wrapped with what
it cannot do removed (a read-only field, a struct without a default constructor), so that the
generated wrapper always compiles and nothing reaches Python as an opaque object:

    int log(const char* fmt, ...);          SG331  Python cannot build a C variable argument list
    void logv(const char* fmt, va_list);    SG331  nor a va_list
    void on(std::function<void(Blob&)>);    SG332  a callable whose signature does not convert
    void on(void (*cb)(int));               SG332  a function pointer without user data whose type
                                                   no function of the module has
                                                   (lower/callables.py, lower/fnpointers.py wrap
                                                   the others)
    int sum(std::initializer_list<int>);    SG335  only C++ source can make one
    unsigned __int128 wide(u128 v);         SG301  SWIG cannot read the type (nor a typedef
                                                   of it) in any spelling
    std::vector<std::vector<int>> grid();   SG336  containers of containers are not converted
    struct S { std::atomic<long> hits; };   SG333  a field C++ cannot assign, of a type Python
                                                   cannot hold (wrapped classes: read-only)
"""

from __future__ import annotations

import os
import re

from ..declarators import outside_template_arguments
from ..model import Class, Constructor, Field, Function, TypeKind, TypeRef
from .context import Context
from .plan import Ignore
from .convertible import std_why, uses_generic
from .smartvalues import smart_of_value
from . import callables
from .types import map_spelling, vector_element_spelling

VARIADIC = "SG331"
CALLABLE = "SG332"
FIELD = "SG333"
UNBUILDABLE = "SG335"
CONTAINER = "SG336"
FOREIGN = "SG337"
INCOMPLETE = "SG338"
UNREADABLE = "SG301"


def with_default_variants(target: str, decl: Function | Constructor | Field) -> list[str]:
    """`target`, and where it names one overload by its whole parameter list (`f(int,int)`) and
    that overload has default arguments, the shorter lists SWIG makes of it (`f(int)`, `f()`):
    SWIG's %ignore of the whole list leaves those wrapped, and a left-out overload's shorter
    forms would not compile (a type SWIG does not know) or would call what was left out."""
    params = getattr(decl, "params", ())
    sig = getattr(decl, "signature", "")
    if not params or not sig or not target.endswith(sig) or params[-1].default is None:
        return [target]
    base = target[: len(target) - len(sig)]
    const = " const" if getattr(decl, "is_const", False) else ""
    out = [target]
    k = len(params)
    while k > 0 and params[k - 1].default is not None:
        k -= 1
        out.append(f"{base}({','.join(p.type.spelling for p in params[:k])}){const}")
    return out


def is_va_list(t: TypeRef) -> bool:
    """`va_list` (x86-64: `__va_list_tag *` once decayed; elsewhere `char *` or a struct)."""
    text = f"{t.spelling} {t.canonical}"
    return "va_list" in text


def is_callable(t: TypeRef) -> bool:
    """A function pointer, member function pointer, `std::function<...>`, or any class
    template instantiated with a function type (`Signal<void(int)>`): its spelling holds a
    parameter list (an OTHER type's outside its template arguments: a SFINAE result,
    `enable_if<(sizeof(T) > 2), int>::type`, is no callable)."""
    if t.kind is TypeKind.OTHER:
        return "(" in outside_template_arguments(t.canonical)
    return t.kind in (TypeKind.CLASS, TypeKind.STD) and "(" in t.canonical


def container_why(t: TypeRef, ctx: Context) -> str:
    """Why a std::vector or std::map type does not convert ("" if it does): swiggen converts
    containers of numbers, strings and copyable wrapped classes, not of containers."""
    if "type-parameter" in t.canonical or "type-parameter" in t.spelling:
        return ""  # a template's: known once instantiated
    # (items of other types may convert through an imported module's typemaps)
    nested = (TypeKind.VECTOR, TypeKind.MAP)
    if t.kind in nested:
        items = [i for i in (t.key, t.element) if i is not None]
        pointer = next((i for i in items if "*" in i.indirection), None)
        if pointer is not None:
            # (no typemap converts a pointer item: SWIG would hand Python an opaque object)
            what = "lists" if t.kind is TypeKind.VECTOR else "dicts"
            return (f"{t.spelling}: {what} of pointers ({pointer.spelling}) are not converted "
                    "(who would own the objects?)")
    if uses_generic(t):
        return ""  # lists and dicts of containers: convert.swg (lower/convertible.py decides)
    if t.kind is TypeKind.VECTOR and t.element is not None and t.element.kind in nested and \
            vector_element_spelling(t, ctx) is None:
        return f"{t.spelling}: lists of {t.element.spelling} are not converted"
    if t.kind is TypeKind.MAP and t.key is not None and t.element is not None and \
            (t.key.kind in nested or t.element.kind in nested) and \
            map_spelling(t, ctx) is None:
        return f"{t.spelling}: dicts of {t.key.spelling} to {t.element.spelling} are not converted"
    return ""


def unreadable_why(t: TypeRef) -> str:
    """Why SWIG cannot read `t` in any spelling (`unsigned __int128`, `_Float128`, a vector
    extension type, a typedef of one: parse/declspell.py spells it ""), or "". The declaration
    view leaves out what uses it."""
    if t.decl or not t.written:  # (a type lowering made has no view spelling)
        return ""
    shown = f"'{t.written}'" + (f" ('{t.canonical}')" if t.written != t.canonical else "")
    return f"of type {shown}, which SWIG cannot read"


def function_why(f: Function | Constructor, ctx: Context | None = None) -> tuple[str, str] | None:
    """(code, why) if `f` cannot be called from Python, else None."""
    for p in f.params:
        why = unreadable_why(p.type)
        if why:
            return UNREADABLE, f"parameter '{p.name}' is {why}"
    result = getattr(f, "result", None)
    why = unreadable_why(result) if result is not None else ""
    if why:
        return UNREADABLE, f"the result is {why}"
    if f.is_variadic:
        return VARIADIC, "variadic function ('...'): Python cannot pass C variable arguments"
    for p in f.params:
        if is_va_list(p.type):
            return VARIADIC, (f"parameter '{p.name}' is a va_list, which Python cannot "
                              "build")
        if is_callable(p.type) and not (callables.is_function(p.type) or
                                        callables.is_pointer(p.type)):
            return CALLABLE, (f"parameter '{p.name}' is a callable ({p.type.spelling}): "
                              "Python functions are not converted to C++ callbacks")
        if p.type.canonical.startswith("std::initializer_list<"):
            return UNBUILDABLE, (f"parameter '{p.name}' is a {p.type.canonical}, which only "
                                 "a braced list in C++ source can make")
        why = container_why(p.type, ctx) if ctx is not None else ""
        if why:
            return CONTAINER, f"parameter '{p.name}' is a {why}"
        why = foreign_why(p.type, ctx)
        if why:
            return FOREIGN, f"parameter '{p.name}' is {why}"
        why = incomplete_why(p.type, ctx)
        if why:
            return INCOMPLETE, f"parameter '{p.name}' is {why}"
    if ctx is not None:
        why = callables.callback_why(f, ctx)
        if why:
            return CALLABLE, why
    result = getattr(f, "result", None)
    if result is not None and is_callable(result) and not callables.is_function(result):
        return CALLABLE, (f"the result is a callable ({result.spelling}), which Python cannot "
                          "call")
    why = container_why(result, ctx) if ctx is not None and result is not None else ""
    if why:
        return CONTAINER, f"the result is a {why}"
    why = foreign_why(result, ctx) if result is not None else ""
    if why:
        return FOREIGN, f"the result is {why}"
    why = incomplete_why(result, ctx) if result is not None else ""
    if why:
        return INCOMPLETE, f"the result is {why}"
    return None


def incomplete_why(t: TypeRef, ctx: Context | None) -> str:
    """Why `t` needs a class that is only declared (`class Line;`) to be complete, or "": by
    value, or owned through a smart pointer, whose deleter the wrapper would instantiate. A
    pointer or reference to it passes through as an opaque handle. A class another wrapped
    header defines is complete in the wrapper, or one a module it imports wraps."""
    def declared_only(r: TypeRef) -> bool:
        return r.incomplete and (ctx is None or r.target in ctx.opaque_classes or (
            r.target not in ctx.defined_classes and r.target not in ctx.py_names))

    inner = t.element if t.kind is TypeKind.CLASS and t.target in (
        "std::unique_ptr", "std::shared_ptr") and t.element is not None else None
    if inner is not None and declared_only(inner) and inner.indirection == "":
        return (f"'{t.written or t.spelling}', a smart pointer to '{inner.target}', which is "
                "only declared "
                f"(declared at {os.path.basename(inner.decl_file)}:{inner.decl_line}, defined "
                "nowhere the header sees)")
    if declared_only(t) and t.indirection in ("", "&&"):
        return (f"'{t.target}' by value, a class that is only declared (declared at "
                f"{os.path.basename(t.decl_file)}:{t.decl_line}, defined nowhere the header "
                "sees)")
    return ""


def foreign_why(t: TypeRef, ctx: Context | None) -> str:
    """Why `t` is (or holds: a container's elements, a smart pointer's object) a class or enum
    Python cannot have: defined in a header neither this module nor a module it imports wraps
    (SWIG, which reads only the wrapped headers, would not even know its qualified name), or
    ""."""
    if ctx is None:
        return ""
    for inner in (t.element, t.key):
        if inner is not None:
            why = foreign_why(inner, ctx)
            if why:
                return why
    if t.kind not in (TypeKind.CLASS, TypeKind.ENUM) or not t.decl_file or \
            t.target.startswith(("std::", "__")):
        return ""  # (the standard library's iterators: begin()/end() are the protocols')
    where = os.path.relpath(t.decl_file) if t.decl_file.startswith(os.getcwd() + os.sep) \
        else t.decl_file
    what = "class" if t.kind is TypeKind.CLASS else "enum"
    if t.decl_private:
        return f"'{t.target}', a private {what} ({where}:{t.decl_line}) Python cannot use"
    if t.target in ctx.py_names:
        return ""
    if t.decl_file in ctx.wrapped_files:
        return _uninstantiated(t, ctx)
    if os.path.basename(t.decl_file) in ctx.imported_headers:
        return ""
    if t.indirection == "*" and "::" not in t.target:
        return ""  # an opaque C handle (`FILE *`): SWIG spells it right and passes it through
    article = "an" if what == "enum" else "a"
    return (f"'{t.target}', {article} {what} of {where}:{t.decl_line}, which the module does "
            "not wrap")


#: template arguments whose spelling clang and a template(...) directive share
_PLAIN_ARGS = re.compile(r"^(?:(?:unsigned |signed |long |short )*(?:char|short|int|long|float|"
                         r"double|bool)|u?int(?:8|16|32|64)_t|size_t|\d+|true|false)$")


def _uninstantiated(t: TypeRef, ctx: Context) -> str:
    """Why `t`, an instance of a class template of the wrapped headers (`w::Box<int>`), is a
    class Python cannot have: no template(...) directive or typedef instantiates it (SWIG
    would pass an opaque pointer that leaks), or "". Only where the instance's spelling is
    certain to match the directives' (arguments that are numbers and plain types), or the
    template has no instance at all."""
    base, sep, rest = t.target.partition("<")
    if not sep or base not in ctx.class_templates:
        return ""
    known = [k for k in ctx.py_names if k.startswith(base + "<")]
    args = [a.strip() for a in rest.rstrip(">").split(",")]
    if known and not all(_PLAIN_ARGS.match(a) for a in args):
        return ""
    if "".join(t.target.split()) in {"".join(k.split()) for k in known}:
        return ""
    where = os.path.relpath(t.decl_file) if t.decl_file.startswith(os.getcwd() + os.sep) \
        else t.decl_file
    return (f"'{t.target}', an instance of class template '{base}' ({where}:{t.decl_line}) "
            f"that the module does not instantiate (add template(PyName, {', '.join(args)}) "
            f"to '{base}', or a typedef naming it)")


def field_why(c: Class, f: Field, ctx: Context) -> tuple[str, str] | None:
    """(code, why) if field `f` of `c` is left out, else None (maybe wrapped read-only: see
    `read_only`)."""
    t = f.type
    why = unreadable_why(t)
    if why:
        return UNREADABLE, f"it is {why}"
    why = foreign_why(t, ctx)
    if why:
        return FOREIGN, f"its type is {why}"
    why = incomplete_why(t, ctx)
    if why:
        return INCOMPLETE, f"its type is {why}"
    if callables.is_function(t):
        why = callables.function_why(t, ctx, param=True, result=True)
        return (CALLABLE, f"its type is a callable whose {why}") if why else None
    if is_callable(t):
        return CALLABLE, (f"its type is a callable ({t.spelling}): Python functions are not "
                          "converted to C++ callbacks")
    if t.kind is TypeKind.OTHER and t.canonical.endswith("]") and \
            "type-parameter" not in t.canonical:  # a template's: known once instantiated
        element = t.canonical.split("[")[0].removeprefix("const ").strip()
        if t.canonical.count("[") == 1 and element in _ARRAY_ELEMENTS:
            return None  # a list of numbers, or a str (interfaces/python/array_fields.swg)
        return FIELD, (f"an array of {element} ({t.spelling}): only one-dimensional arrays of "
                       "numbers (lists) and of char (str) convert")
    why = container_why(t, ctx)
    if why:
        return CONTAINER, f"its type is a {why}"
    if t.kind is TypeKind.CLASS and (t.target in ctx.skipped_types or
                                     t.target in ctx.ignored_classes):
        return FIELD, f"its type '{t.target}' is not wrapped"
    if f.is_assignable or t.indirection == "&" or (uses_generic(t) and not std_why(t, ctx)):
        return None  # (a converted standard library type: assigned as a whole)
    if t.kind is TypeKind.CLASS and t.target in ctx.py_names and t.indirection == "":
        return None  # read-only view of the wrapped class (read_only)
    if t.kind in (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT, TypeKind.STRING,
                  TypeKind.ENUM, TypeKind.VECTOR, TypeKind.MAP) and f.is_const:
        return None  # SWIG reads a const value
    return FIELD, (f"C++ cannot assign or copy its type ({t.spelling}), and the module does "
                   "not wrap that type")


#: elements of a fixed-size array field that converts (interfaces/python/array_fields.swg; char:
#: SWIG's str)
_ARRAY_ELEMENTS = {"bool", "char", "signed char", "unsigned char", "short", "unsigned short",
                   "int", "unsigned int", "long", "unsigned long", "long long",
                   "unsigned long long", "float", "double"}


def number_array(t: TypeRef) -> str:
    """The element type of a fixed-size array of numbers or chars (`const double[2]` ->
    `double`; a multi-dimensional one's still has brackets), or ""."""
    if t.kind is not TypeKind.OTHER or not t.canonical.endswith("]") or t.indirection or \
            "type-parameter" in t.canonical:
        return ""
    element = t.canonical.split("[")[0].removeprefix("const ").strip()
    if element not in _ARRAY_ELEMENTS:
        return ""
    return element if t.canonical.count("[") == 1 else element + "[]"


def read_only(f: Field) -> bool:
    """A field Python may read but not assign: const, a reference, or a type without a copy
    assignment (`NoCopy nc;` reads as a view of the member)."""
    return f.is_const or f.type.indirection == "&" or not (
        f.is_assignable or (uses_generic(f.type) and not smart_of_value(f.type))
    )  # (converted: assigned as a whole; a `std::unique_ptr<int>` cannot be)


def skip(target: str, decl: Function | Constructor | Field, code: str, why: str, what: str,
         ctx: Context) -> None:
    """Leave `decl` out: %ignore `target`, and a warning at its line naming `what`."""
    ctx.ignores += [Ignore(t, why) for t in with_default_variants(target, decl)]
    ctx.diags.warning(decl.loc, code, f"{what} is not wrapped: {why}", _HINTS[code])


_HINTS = {
    UNREADABLE: "SWIG's parser has no spelling of __int128, _Float128 or vector types: add an "
                "overload of other types for Python, or mark it 'swiggen: ignore' to silence "
                "this",
    VARIADIC: "add a function with a fixed parameter list for Python, or mark it 'swiggen: "
              "ignore' to silence this",
    CALLABLE: "give the callback a signature of types Python converts, and a C callback a "
              "'void *' user-data parameter (docs/callbacks.md); or mark it 'swiggen: ignore' "
              "to silence this",
    FIELD: "add accessor methods for Python, or mark it 'swiggen: ignore' to silence this",
    CONTAINER: "add accessors for Python that take or return the items by value (or a vector "
               "of a wrapped class), or mark it 'swiggen: ignore' to silence this",
    FOREIGN: "add the header declaring it to the headers swiggen wraps (or import the module that "
             "wraps it: --import NAME.i); for a private class, or to silence this, mark the "
             "declaration 'swiggen: ignore'",
    INCOMPLETE: "include the header that defines the class (or wrap it too), or mark the "
                "declaration 'swiggen: ignore' to silence this",
    UNBUILDABLE: "add an overload taking a std::vector for Python, or mark it 'swiggen: "
                 "ignore' to silence this",
}
