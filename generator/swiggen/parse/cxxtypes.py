"""cxxtypes: libclang's types and declarations as swiggen's model spells them.

`type_ref` turns a clang type into a TypeRef (kind, const, indirection, the class or enum it
names, the element and key types of std::vector and std::map); `qualname` is a declaration's
namespace-qualified name; `is_variadic` reads a declaration's C variable arguments (its
template parameters: tparams.py).
"""

from __future__ import annotations

import ctypes
import dataclasses
import os

import clang.cindex as ci

from ..model import TypeKind, TypeRef
from .declspell import spelled

K = ci.CursorKind
T = ci.TypeKind

_INT_KINDS = {
    T.CHAR_U, T.UCHAR, T.CHAR16, T.CHAR32, T.USHORT, T.UINT, T.ULONG, T.ULONGLONG, T.UINT128,
    T.CHAR_S, T.SCHAR, T.WCHAR, T.SHORT, T.INT, T.LONG, T.LONGLONG, T.INT128,
}
_FLOAT_KINDS = {T.FLOAT, T.DOUBLE, T.LONGDOUBLE}


def type_ref(t: ci.Type) -> TypeRef:
    """The model's view of a clang type: `const std::vector<double> &` is a const VECTOR by
    reference whose element is a FLOAT; `decl` is its spelling in the declaration view."""
    ref = _type_ref(t)
    decl = spelled(t)
    return dataclasses.replace(ref, spelling=decl or ref.spelling, decl=decl,
                               written=ref.spelling)


def param_type_ref(t: ci.Type) -> TypeRef:
    """A parameter's type. A pointer's own `const` (`void * const buf`, `T *const t`, a
    typedef's `const fftw_plan p`) is dropped: C++ drops it from the function's type, so it
    says nothing to a caller, and SWIG matches none of the `T *` typemaps (the None check
    among them) to a `T *const`. A parameter of array type without a bound (`char *argv[]`) is
    the pointer C++ makes it (`char **argv`), so the kinds of pointer parameters see it and
    SWIG's typemaps for `char **` match it."""
    if t.get_canonical().kind == T.INCOMPLETEARRAY and \
            t.get_canonical().element_type.get_canonical().kind not in _ARRAYS:
        # (`double m[][3]`, a pointer to arrays, keeps its spelling: `double [3] *` is none)
        return _decayed(t if t.kind == T.INCOMPLETEARRAY else t.get_canonical())
    ref = type_ref(t)
    if not t.is_const_qualified() or t.is_volatile_qualified():
        return ref
    if t.kind != T.POINTER:
        # a typedef of a pointer, const (fftw's `void fftw_execute(const fftw_plan p)`)
        if t.get_canonical().kind != T.POINTER or t.kind == T.POINTER:
            return ref
        return dataclasses.replace(ref, spelling=_drop_leading_const(ref.spelling),
                                   decl=_drop_leading_const(ref.decl),
                                   written=_drop_leading_const(ref.written))
    spelling, decl, written = (_drop_top_const(s) for s in (ref.spelling, ref.decl, ref.written))
    if spelling is None or decl is None:  # (a function pointer's `(*const)`: kept as it is)
        return ref
    return dataclasses.replace(ref, spelling=spelling, decl=decl, written=written or ref.written)


_ARRAYS = (T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY, T.DEPENDENTSIZEDARRAY)


def _decayed(t: ci.Type) -> TypeRef:
    """`T x[]` as a parameter: `T *x`."""
    element = t.element_type

    def pointer(text: str) -> str:
        return text + ("*" if text.endswith("*") else " *")

    ref = _type_ref(t, decayed=True)
    decl = spelled(element)
    return dataclasses.replace(ref, spelling=pointer(decl or element.spelling),
                               decl=pointer(decl) if decl else decl,
                               written=pointer(element.spelling))


def _drop_leading_const(text: str) -> str:
    """`const fftw_plan` -> `fftw_plan` (a typedef of a pointer: the const is the pointer's)."""
    return text[len("const "):] if text.startswith("const ") else text


def _drop_top_const(text: str) -> str | None:
    """`void *const` -> `void *`; "" stays ""; None when the const is not the last word."""
    if not text:
        return text
    body = text.rstrip()
    if not body.endswith("const") or not body[:-5].rstrip().endswith("*"):
        return None
    return body[:-5].rstrip()


def _type_ref(t: ci.Type, decayed: bool = False) -> TypeRef:
    """(decayed: `t` is a parameter's `T []`, taken as `T *`)"""
    canon_kind = t.get_canonical().kind
    if (t.kind == T.AUTO and canon_kind == T.POINTER) or (
            canon_kind in (T.LVALUEREFERENCE, T.RVALUEREFERENCE)
            and t.kind not in (T.LVALUEREFERENCE, T.RVALUEREFERENCE)):
        # a typedef of a reference (`const_reference`), `decltype(auto)` deduced to a
        # reference or pointer: its const and & are the type's
        t = t.get_canonical()
    spelling = t.spelling
    indirection = ""
    base = t
    if t.kind == T.LVALUEREFERENCE:
        indirection, base = "&", t.get_pointee()
    elif t.kind == T.RVALUEREFERENCE:
        indirection, base = "&&", t.get_pointee()
    elif t.kind == T.POINTER:
        indirection, base = "*", t.get_pointee()
    elif decayed:
        indirection, base = "*", t.element_type
    elif canon_kind == T.POINTER and \
            t.get_canonical().get_pointee().get_canonical().kind == T.RECORD:
        # a typedef of a pointer to a struct, the C handle idiom (`typedef struct fftw_plan_s
        # *fftw_plan;`, expat's XML_Parser, libmagic's magic_t): a class pointer by that name
        indirection, base = "*", t.get_canonical().get_pointee()
    elif canon_kind == T.POINTER and t.get_canonical().get_pointee().kind == T.VOID:
        # a typedef of `void *` or `const void *` (zlib's voidp, voidpc): a void pointer by
        # that name, its pointee's const kept (a buffer the callee reads, or one it writes)
        indirection, base = "*", t.get_canonical().get_pointee()
    is_const = base.is_const_qualified()
    canon = base.get_canonical()
    ck = canon.kind
    # a pointer's leading `const` is its pointee's (`const unsigned char *`, libpng's
    # png_const_bytep): part of the type, kept; its own is the last word (`T *const`)
    canonical = (_drop_top_const(canon.spelling) or canon.spelling) if ck == T.POINTER \
        else _strip_const(canon.spelling)
    kind, target, element, key = TypeKind.OTHER, "", None, None
    args: tuple[TypeRef, ...] = ()
    if indirection == "*" and ck in (T.CHAR_S, T.CHAR_U):
        kind = TypeKind.STRING  # SWIG passes char* as str, const or not
    elif canon.get_pointee().kind != T.INVALID:
        kind = TypeKind.OTHER  # pointer to pointer and the like
    elif ck == T.VOID:
        kind = TypeKind.VOID if not indirection else TypeKind.OTHER
    elif ck == T.BOOL:
        kind = TypeKind.BOOL
    elif ck in _INT_KINDS:
        kind = TypeKind.INT
    elif ck in _FLOAT_KINDS:
        kind = TypeKind.FLOAT
    elif ck in (T.RECORD, T.ENUM) and is_unnamed(canon.get_declaration()):
        kind = TypeKind.OTHER  # `union { ... } u;`: a type without a name SWIG could spell
    elif ck == T.ENUM:
        decl = canon.get_declaration()
        kind, target = TypeKind.ENUM, qualname(decl)
        where = decl.location
        if where.file is not None:
            return TypeRef(spelling, canonical, kind, is_const, indirection, target,
                           decl_file=os.path.realpath(where.file.name), decl_line=where.line,
                           decl_private=_hidden(decl))
    elif ck == T.RECORD:
        decl = canon.get_declaration()
        q = qualname(decl)
        if q in ("std::basic_string", "std::__cxx11::basic_string") and \
                _strip_const(canon.get_template_argument_type(0).spelling) == "char":
            kind = TypeKind.STRING
        elif q == "std::basic_string_view" and \
                _strip_const(canon.get_template_argument_type(0).spelling) == "char":
            kind = TypeKind.STRING_VIEW
        elif q == "std::optional":
            kind, element = TypeKind.OPTIONAL, type_ref(canon.get_template_argument_type(0))
        elif q in ("std::set", "std::unordered_set"):
            kind, target = TypeKind.SET, q
            element = type_ref(canon.get_template_argument_type(0))
        elif q == "std::pair":
            kind = TypeKind.PAIR
            key = type_ref(canon.get_template_argument_type(0))
            element = type_ref(canon.get_template_argument_type(1))
        elif q in ("std::unique_ptr", "std::shared_ptr"):
            kind, target = TypeKind.CLASS, q
            element = type_ref(canon.get_template_argument_type(0))
        elif q in ("std::vector", "std::__debug::vector"):
            kind = TypeKind.VECTOR
            element = type_ref(canon.get_template_argument_type(0))
        elif q in ("std::map", "std::unordered_map", "std::__debug::map",
                   "std::__debug::unordered_map"):
            kind, target = TypeKind.MAP, q
            key = type_ref(canon.get_template_argument_type(0))
            element = type_ref(canon.get_template_argument_type(1))
        elif std_name(q).startswith("std::"):
            # every other standard library class: lower/convertible.py converts it or leaves
            # the declaration out (never an opaque object)
            kind, target, args = TypeKind.STD, std_name(q), _type_args(canon)
            if target == "std::basic_string":  # wstring, u16string, u32string
                target = _STRINGS.get(args[0].canonical if args else "", target)
        else:
            kind = TypeKind.CLASS
            target = canonical if canon.get_num_template_arguments() > 0 else q
            definition = decl.get_definition()
            where = (definition or decl).location
            # (a template's specialization may be complete without being instantiated yet)
            incomplete = definition is None and canon.get_num_template_arguments() < 0
            if where.file is not None:
                return TypeRef(spelling, canonical, kind, is_const, indirection, target, element,
                               key, args, decl_file=os.path.realpath(where.file.name),
                               decl_line=where.line, decl_private=_hidden(decl),
                               incomplete=incomplete)
    signature: tuple[TypeRef, ...] = ()
    if kind is TypeKind.STD and target == "std::function":
        written = base.get_template_argument_type(0)  # (as spelled: std::string, not basic_)
        signature = function_signature(written if written.kind != T.INVALID else
                                       canon.get_template_argument_type(0))
    elif kind is TypeKind.OTHER and indirection in ("", "*"):
        signature = function_signature(t)
    return TypeRef(spelling, canonical, kind, is_const, indirection, target, element, key, args,
                   signature)


def function_signature(t: ci.Type) -> tuple[TypeRef, ...]:
    """(result, *params) of a function type or a pointer to one (typedefs seen through, the
    parameters spelled as written where libclang keeps it), else ()."""
    pointers = 0
    for _ in range(8):  # typedefs, elaborated and parenthesised types, one pointer
        if t.kind == T.POINTER:
            pointers += 1
            if pointers > 1:
                return ()
            t = t.get_pointee()
            continue
        if t.kind == T.TYPEDEF:
            t = t.get_declaration().underlying_typedef_type
            continue
        if t.kind in (T.ELABORATED, T.UNEXPOSED) and t.get_canonical().kind in (
                T.FUNCTIONPROTO, T.POINTER):
            named = t.get_named_type() if t.kind == T.ELABORATED else t.get_canonical()
            t = named if named.kind != T.INVALID else t.get_canonical()
            continue
        break
    if t.kind != T.FUNCTIONPROTO:
        canon = t.get_canonical()
        if canon.kind != T.FUNCTIONPROTO:
            return ()
        t = canon
    if t.is_function_variadic():
        return ()
    return (type_ref(t.get_result()), *(type_ref(a) for a in t.argument_types()))


_STRINGS = {"wchar_t": "std::wstring", "char16_t": "std::u16string",
            "char32_t": "std::u32string"}
#: implementation namespaces of the standard libraries (libstdc++, its debug mode, libc++)
_INLINE = ("__cxx11::", "__debug::", "__1::", "__7::", "__8::")


def _hidden(decl: ci.Cursor) -> bool:
    """Whether a class is private or protected in a class enclosing it."""
    c: ci.Cursor | None = decl
    while c is not None and c.kind != ci.CursorKind.TRANSLATION_UNIT:
        if c.access_specifier in (ci.AccessSpecifier.PRIVATE, ci.AccessSpecifier.PROTECTED):
            return True
        c = c.semantic_parent
    return False


def std_name(q: str) -> str:
    """`std::__cxx11::list` -> `std::list`, `std::filesystem::__cxx11::path` ->
    `std::filesystem::path`: a standard library name as users spell it."""
    for ns in _INLINE:
        q = q.replace(ns, "")
    return q


def _type_args(canon: ci.Type) -> tuple[TypeRef, ...]:
    """The type arguments of a class template instance (non-type arguments left out)."""
    n = canon.get_num_template_arguments()
    found = []
    for i in range(max(n, 0)):
        arg = canon.get_template_argument_type(i)
        if arg.kind != T.INVALID:
            found.append(type_ref(arg))
    return tuple(found)


def qualname(c: ci.Cursor) -> str:
    """`ns::Shape::area`. Unnamed scopes (an anonymous enum, union, struct or namespace) are
    left out, as C++ names their members: `enum { kA };` in `ns` declares `ns::kA`."""
    parts: list[str] = []
    cur: ci.Cursor | None = c
    while cur is not None and cur.kind != K.TRANSLATION_UNIT:
        if cur.kind in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
            cur = cur.semantic_parent
            continue
        if cur.spelling and not is_unnamed(cur):
            parts.append(cur.spelling)
        cur = cur.semantic_parent
    return "::".join(reversed(parts))


def is_variadic(c: ci.Cursor) -> bool:
    """`int log(const char* fmt, ...)` (a C-style variadic, not a parameter pack)."""
    t = c.type
    return t.kind == ci.TypeKind.FUNCTIONPROTO and bool(t.is_function_variadic())


_UNNAMED_KINDS = {K.STRUCT_DECL, K.UNION_DECL, K.CLASS_DECL, K.ENUM_DECL, K.NAMESPACE}


def is_unnamed(c: ci.Cursor) -> bool:
    """An enum, struct, union or namespace without a name (libclang spells it
    `(unnamed enum at x.h:2:1)`, which is no C++ name)."""
    return c.kind in _UNNAMED_KINDS and c.is_anonymous()


def is_anonymous_member(c: ci.Cursor) -> bool:
    """`union { int i; float f; };` in a class: an unnamed struct or union without a declarator,
    whose members are the enclosing class's (not `union { ... } u;`, a member of unnamed type)."""
    return c.kind in (K.STRUCT_DECL, K.UNION_DECL) and bool(_is_anonymous_record(c))


def _is_anonymous_record(c: ci.Cursor) -> int:
    fn = getattr(ci.conf.lib, "clang_Cursor_isAnonymousRecordDecl", None)
    if fn is None:  # libclang < 9: every unnamed record counts
        return int(c.is_anonymous())
    if fn.argtypes is None:
        fn.argtypes, fn.restype = [ci.Cursor], ctypes.c_uint
    return int(fn(c))


def _strip_const(s: str) -> str:
    return s[6:] if s.startswith("const ") else s
