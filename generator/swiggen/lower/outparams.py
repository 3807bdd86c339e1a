"""Out- and in/out-parameters: which pointer and reference parameters become results.

    Status Open(const Options& o, DB** dbptr);    // dbptr is an out: open(o) -> DB
    Status Get(const Slice& k, std::string* value);   // swiggen: out(value)  -> get(k) -> str
    void bump(int* counter);                      // swiggen: inout(counter) -> bump(1) -> 2

`out(...)`/`inout(...)`, or by default a `T**` of a wrapped class or a `const char**`, or a
non-const pointer named like an out (OUT_NAMES). lower/params.py decides which parameter is
what; this module says why a parameter is an out with no directive (default_out) and emits
the typemap of each (lower_out), one macro line (ParamTypemap) per `type name` pattern. The
runtime side is interfaces/python/outparams.swg.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..model import Param, TypeKind, TypeRef
from .context import Context
from .convertible import converted_out, swig_spelling
from .convertible import note as note_converted
from .outlists import lower_pointer_list, pointer_list
from .plan import ParamTypemap
from .types import annotation, cpp_type, map_spelling, vector_element_spelling

#: parameter names that say "the function writes its result here" (pointers only)
OUT_NAMES = re.compile(r"(?:out|result|\w+_out|out_\w+)\Z")

_SCALARS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT)


@dataclass(frozen=True)
class OutParam:
    """A decided out- (or in/out-) parameter: its index, how Python sees it, and why."""

    index: int
    name: str
    annotation: str
    inout: bool
    rule: str


def spell(t: TypeRef, name: str) -> str:
    """`std::string *value`: a parameter as a typemap pattern (canonical, global scope)."""
    if is_cstring_out(t):
        base = "const char **"
    elif t.kind is TypeKind.STRING and t.indirection == "*" and is_std_string(t):
        base = ("const " if t.is_const else "") + "std::string *"
    elif t.kind is TypeKind.OTHER and t.indirection == "*":
        base = ("const " if t.is_const else "") + t.canonical.strip() + " *"
    else:
        base = cpp_type(t)
    return f"{base}{'' if base.endswith(('*', '&')) else ' '}{name}"


def is_std_string(t: TypeRef) -> bool:
    return t.kind is TypeKind.STRING and t.canonical not in ("char", "signed char",
                                                            "unsigned char")


def pointee_class(t: TypeRef, ctx: Context) -> str | None:
    """The wrapped class `T` of a `T**` (or `T* const*`), else None."""
    if t.kind is not TypeKind.OTHER or t.indirection != "*":
        return None
    base = t.canonical.strip()
    if not base.endswith("*") or base.count("*") != 1:
        return None
    cls = base[:-1].strip().removeprefix("const ").strip()
    return cls if cls in ctx.py_names and cls not in ctx.ignored_classes else None


def is_cstring_out(t: TypeRef) -> bool:
    """`const char**`: the callee points it at a string it keeps."""
    # the model strips the inner const from the canonical spelling: the spelling keeps it
    return t.kind is TypeKind.OTHER and t.indirection == "*" and \
        " ".join(t.canonical.split()) in ("char *", "const char *") and "const" in t.spelling


#: names of the end of the text a `const char **` cursor reads (`unserialise(const char **p,
#: const char *end)`): the pointer is read and advanced, no out-parameter
_CURSOR_ENDS = re.compile(r"(?:p?end|last|stop|limit|eof)\w*\Z|\w*_end\Z", re.IGNORECASE)


def default_out(p: Param, after: Param | None, ctx: Context) -> str:
    """Why `p` is an out-parameter with no directive, or "" (`after`: the next parameter)."""
    t = p.type
    if pointee_class(t, ctx):
        return "a T** of a wrapped class is an out-parameter"
    if is_cstring_out(t):
        if after is not None and after.type.kind is TypeKind.STRING and \
                after.type.indirection == "*" and _CURSOR_ENDS.match(after.name):
            return ""  # xapian's Query::Internal::unserialise: C reads *p (it was NULL)
        return "a const char** is an out-parameter"
    if t.indirection == "*" and not t.is_const and OUT_NAMES.match(p.name) and \
            value_kind(t, ctx) and p.default is None and not _character(t):
        return f"recognised by name as out({p.name})"
    return ""


#: pointed-to types whose pointer is text or bytes, not one value: `wchar_t *out` is a buffer
#: (uriparser's uriEscapeW), which one scalar out-parameter would overflow
_CHARACTERS = frozenset({"char", "signed char", "unsigned char", "wchar_t", "char8_t",
                         "char16_t", "char32_t"})


def _character(t: TypeRef) -> bool:
    return " ".join(t.canonical.replace("*", " ").split()) in _CHARACTERS


def located(ctx: Context, p: Param, label: str) -> Callable[[str, str], None]:
    """Report a failed out at once (a default out, which no directive asked for)."""
    def fail(why: str, hint: str) -> None:
        ctx.diags.error(p.loc, "SG230", f"out({p.name}) on '{label}': {why}", hint)
    return fail


def value_kind(t: TypeRef, ctx: Context) -> str:
    """The outparams.swg macro for an out of `t` (a T* or T& whose T is a value Python can
    hold), or "" when swiggen cannot return it."""
    if t.indirection not in ("*", "&") or t.is_const:
        return ""
    if t.kind in _SCALARS or t.kind is TypeKind.ENUM or \
            (t.kind is TypeKind.STRING and is_std_string(t)):
        return "SWIGGEN_OUT"
    if t.kind is TypeKind.VECTOR and vector_element_spelling(t, ctx):
        return "SWIGGEN_OUT"
    if t.kind is TypeKind.MAP and map_spelling(t, ctx):
        return "SWIGGEN_OUT"
    if t.kind is TypeKind.CLASS and t.target in ctx.py_names and \
            t.target not in ctx.ignored_classes and t.element is None:
        return "SWIGGEN_OUT_OBJECT" if t.target in ctx.default_constructible else ""
    if converted_out(t, ctx):  # (convert.swg's typemaps, noted by lower_out)
        return "SWIGGEN_OUT"
    return ""


def _value_type(t: TypeRef) -> str:
    """The pointed-to type as the macros spell it (`std::vector< int >`, `ns::Color`)."""
    if t.kind is TypeKind.STRING:
        return "std::string"
    return cpp_type(t, value=True)


def lower_out(p: Param, i: int, kind: str, rule: str, ctx: Context, label: str,
              borrowed: bool, fail: Callable[[str, str], None]) -> OutParam | None:
    """The out- (or in/out-) parameter `p` as `rule` decided it, its typemap emitted; or None,
    with `fail(why, hint)` told why it cannot be one."""
    t = p.type
    pattern = spell(t, p.name)
    cls = pointee_class(t, ctx)
    if cls and kind == "out":
        # an object Python cannot delete (no public destructor: a document's node) is the
        # callee's: borrowed, keeping the object the call was made on alive
        macro = "SWIGGEN_OUT_BORROWED" if borrowed or cls in ctx.no_public_dtor \
            else "SWIGGEN_OUT_NEW"
        add_typemap(ctx, macro, (cls, pattern), label, rule)
        return OutParam(i, p.name, f"{ctx.py_names[cls]} | None", False, rule)
    if is_cstring_out(t) and kind == "out":
        add_typemap(ctx, "SWIGGEN_OUT_CSTRING", (pattern,), label, rule)
        return OutParam(i, p.name, "str | None", False, rule)
    if pointer_list(t, ctx) and kind == "out":
        return OutParam(i, p.name, lower_pointer_list(p, pattern, label, rule, borrowed, ctx),
                        False, rule)
    macro = value_kind(t, ctx)
    if not macro or (kind == "inout" and macro != "SWIGGEN_OUT"):
        what = "an in/out-parameter" if kind == "inout" else "an out-parameter"
        fail(f"'{p.name}' is {t.spelling}, which swiggen cannot return as {what}",
             "outs are non-const T* or T& of a scalar, std::string, enum, std::vector, "
             "std::map or a default-constructible wrapped class; T** of a wrapped class; "
             "std::vector<T*>* or std::vector<std::unique_ptr<T>>* of a wrapped class (a list "
             "of objects); const char**" + (
                 "" if kind == "out" else "; in/outs are values, not classes"))
        return None
    value = _value_type(t)
    const_pattern, source = spell(replace(t, is_const=True), p.name), _source(t)
    if converted_out(t, ctx):
        note_converted(_deref(t), ctx)  # the SWIGGEN_STD typemaps SWIGGEN_OUT reads through
        value = swig_spelling(t)  # (as the view spells it: std::u16string, a `str` class)
        pattern = f"{value} {t.indirection}{p.name}"
        const_pattern, source = f"const {pattern}", f"const {value} &"
    ctx.const_variants[pattern] = (const_pattern, source)
    macro = "SWIGGEN_INOUT" if kind == "inout" else macro
    add_typemap(ctx, macro, (_macro_arg(value), pattern), label, rule)
    written = t.spelling.replace("&", " ").replace("*", " ").split()
    if t.kind in _SCALARS and " ".join(written) != value:
        # `size_t* n`: SWIG matches the typedef as written, not only what it stands for
        base = " ".join(written)
        add_typemap(ctx, macro, (base, f"{base} {t.indirection}{p.name}"), label, rule)
    py = annotation(_deref(t), ctx)
    return OutParam(i, p.name, py, kind == "inout", rule)


def _source(t: TypeRef) -> str:
    """The typemaps a `const T&`/`const T*` input of `t`'s type has (SWIGGEN_KEEP_INPUT)."""
    if t.indirection == "*":
        return "SWIGTYPE *"
    if t.kind is TypeKind.ENUM:
        return "const enum SWIGTYPE &"
    if t.kind is TypeKind.CLASS:
        return "const SWIGTYPE &"
    return f"const {_value_type(t)} &"


def _deref(t: TypeRef) -> TypeRef:
    """`t` by value (what Python gets back for an out of type `t`)."""
    return replace(t, indirection="", is_const=False)


def _macro_arg(text: str) -> str:
    return f"%arg({text})" if "," in text else text


def add_typemap(ctx: Context, macro: str, args: tuple[str, ...], label: str, rule: str) -> None:
    ctx.params.append(ParamTypemap(macro, args, (label,), rule))
