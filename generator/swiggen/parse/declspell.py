"""declspell: a clang type spelled as the declaration view writes it (parse).

SWIG reads the view (render/view.py), not the header: every type in it must mean for SWIG what
it meant for the compiler, and the wrapper SWIG writes from it must compile at global scope. So
a type is spelled from what libclang resolved, never from the text as written:

- every class, enum and template is named fully qualified (`ns::in::Deep`, `std::vector<
  ns::Shape >`), so no lookup is left to SWIG (using-directives, using-declarations, enclosing
  namespaces, argument-dependent lookup are the compiler's);
- a typedef keeps its name where SWIG can know it: a typedef of a wrapped header (the view
  declares it), of the standard library (`std::string`, `std::size_t`) or one of the C
  integer typedefs SWIG's library defines (`size_t`, `uint64_t`); any other typedef (one of an
  unwrapped header, a class's member typedef) is spelled as what it stands for;
- a template argument list is the one written (`std::vector<T>`, not its allocator), with
  non-type arguments as written or as the compiler evaluated them;
- a C struct whose name a function or variable of its scope hides (`struct stat` next to
  `int stat(const char *, struct stat *)`) is named by a typedef the view declares for the
  compiler (`swiggen_tag_stat`): SWIG drops the `struct` keyword C++ then needs (`tags()`);
- a type SWIG cannot spell at all (`__int128`, vector extensions, `_Complex`, member pointers,
  an unnamed class), or a typedef of the wrapped headers standing for one, is "": the view
  leaves out the declaration (and the typedef), and lower says why.

`spelled(t)` is the spelling; `declarators.declarator(spelling, name)` puts a name into it
(`int (*cb)(void *, int)`, `int v[3]`).
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import clang.cindex as ci

from ..declarators import find_top, last_group, parenthesized, template_argument

T = ci.TypeKind
K = ci.CursorKind

#: the wrapped headers' real paths, while a header is parsed (`wrapping`)
_wrapped: frozenset[str] = frozenset()
_real: dict[str, str] = {}
#: while a header is parsed: the qualified names of its translation unit's functions and
#: variables (what hides a tag), and the hidden tags named so far (typedef name -> tag)
_hiders: dict[int, frozenset[str]] = {}
_tags: dict[str, str] = {}
#: while a header is parsed: whether SWIG can read each wrapped typedef's type (by cursor hash)
_typedefs: dict[int, bool] = {}

#: typedefs at global scope that SWIG's library defines (stdint.i, its own size_t, ...)
_SWIG_KNOWN = frozenset({
    "size_t", "ptrdiff_t", "ssize_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t",
    "int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t",
    "int_least8_t", "int_least16_t", "int_least32_t", "int_least64_t", "uint_least8_t",
    "uint_least16_t", "uint_least32_t", "uint_least64_t", "int_fast8_t", "int_fast16_t",
    "int_fast32_t", "int_fast64_t", "uint_fast8_t", "uint_fast16_t", "uint_fast32_t",
    "uint_fast64_t", "wchar_t", "va_list",
})
#: kinds of type SWIG's parser cannot read in any spelling
_UNSPELLABLE = frozenset({T.INT128, T.UINT128, T.VECTOR, T.COMPLEX, T.MEMBERPOINTER,
                          T.BLOCKPOINTER, T.ATOMIC, T.HALF, T.FLOAT128, T.IBM128,
                          T.VARIABLEARRAY} |
                         ({T.EXTVECTOR} if hasattr(T, "EXTVECTOR") else set()) |
                         ({T.BFLOAT16} if hasattr(T, "BFLOAT16") else set()))
#: template arguments the standard library gives by default (left out, as users write them)
_STD_DEFAULTS = ("std::allocator<", "std::less<", "std::hash<", "std::equal_to<",
                 "std::char_traits<", "std::default_delete<")
#: implementation namespaces of the standard libraries (libstdc++, its debug mode, libc++)
_INLINE = ("__cxx11::", "__debug::", "__1::", "__7::", "__8::")


@contextmanager
def wrapping(paths: frozenset[str]) -> Iterator[None]:
    """Spell types for a module whose wrapped headers are `paths` (real paths)."""
    global _wrapped, _hiders, _tags, _typedefs
    before = _wrapped, _hiders, _tags, _typedefs
    _wrapped, _hiders, _tags, _typedefs = paths, {}, {}, {}
    try:
        yield
    finally:
        _wrapped, _hiders, _tags, _typedefs = before


def tags() -> tuple[tuple[str, str], ...]:
    """The hidden tags the types spelled so far name, as (typedef name, `struct ns::tag`)."""
    return tuple(sorted(_tags.items()))


def hidden_tag(decl: ci.Cursor) -> str | None:
    """The typedef name (`swiggen_tag_zip_stat`) a wrapped class goes by when a function or
    variable of its scope hides its tag (`struct zip_stat` next to `int zip_stat(...)`): the
    view declares the class under that name, so SWIG's wrapper names a type, not the function."""
    if decl.kind not in (K.STRUCT_DECL, K.UNION_DECL, K.CLASS_DECL) or \
            decl.get_num_template_arguments() > 0:
        return None
    name = qualified(decl)
    if not name or not _hidden(decl, name):
        return None
    return _record(decl.type, 0)


def _hidden(decl: ci.Cursor, name: str) -> bool:
    """Whether a function, variable or enumerator of the same scope hides the tag `name` (C's
    `stat`)."""
    tu = decl.translation_unit
    names = _hiders.get(id(tu))
    if names is None:
        found: set[str] = set()
        stack = [tu.cursor]
        while stack:
            for c in stack.pop().get_children():
                if c.kind in (K.NAMESPACE, K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
                    stack.append(c)
                elif c.kind in (K.FUNCTION_DECL, K.VAR_DECL, K.FUNCTION_TEMPLATE):
                    found.add(qualified(c))
                elif c.kind == K.ENUM_DECL and not c.is_scoped_enum():
                    # an unscoped enumerator is its enclosing scope's name: md4c's
                    # `MD_SPAN_WIKILINK` hides `struct MD_SPAN_WIKILINK`
                    parent = c.semantic_parent
                    scope = qualified(parent) if parent is not None and \
                        parent.kind != K.TRANSLATION_UNIT else ""
                    found.update(f"{scope}::{e.spelling}" if scope else e.spelling
                                 for e in c.get_children() if e.kind == K.ENUM_CONSTANT_DECL)
        names = _hiders[id(tu)] = frozenset(found)
    return name in names


def _in_wrapped(c: ci.Cursor) -> bool:
    f = c.location.file
    if f is None:
        return False
    name = f.name
    real = _real.get(name)
    if real is None:
        real = _real[name] = os.path.realpath(name)
    return real in _wrapped


def qualified(c: ci.Cursor) -> str:
    """A declaration's fully qualified name (`ns::Shape::Kind`), inline namespaces of the
    standard library left out, unnamed scopes left out; "" for an unnamed declaration."""
    if c.kind in (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_TEMPLATE_PARAMETER):
        return str(c.spelling)  # (`C<T>` of `template <template <class> class C>`)
    parts: list[str] = []
    cur: ci.Cursor | None = c
    while cur is not None and cur.kind != K.TRANSLATION_UNIT:
        if cur.kind not in (K.LINKAGE_SPEC, K.UNEXPOSED_DECL):
            if cur.spelling and not (cur.kind in (K.STRUCT_DECL, K.UNION_DECL, K.CLASS_DECL,
                                                   K.ENUM_DECL, K.NAMESPACE)
                                     and cur.is_anonymous()):
                parts.append(cur.spelling)
            elif cur is c:
                return ""
        cur = cur.semantic_parent
    q = "::".join(reversed(parts))
    if q.startswith("std::"):
        for ns in _INLINE:
            q = q.replace(ns, "")
    return q


def spelled(t: ci.Type) -> str:
    """`t` as the view writes it ("" when SWIG cannot read it in any spelling)."""
    try:
        return _spell(t, 0)
    except _Unspellable:
        return ""


class _Unspellable(Exception):
    pass


def _cv(t: ci.Type, text: str) -> str:
    const = "const " if t.is_const_qualified() and not text.startswith("const ") else ""
    volatile = "volatile " if t.is_volatile_qualified() and "volatile " not in text else ""
    return f"{const}{volatile}{text}"


def _spell(t: ci.Type, depth: int) -> str:
    if depth > 40:
        raise _Unspellable
    k = t.kind
    if k in _UNSPELLABLE:
        raise _Unspellable
    if k in (T.POINTER, T.LVALUEREFERENCE, T.RVALUEREFERENCE):
        mark = {T.POINTER: "*", T.LVALUEREFERENCE: "&", T.RVALUEREFERENCE: "&&"}[k]
        pointee = t.get_pointee()
        inner = _spell(pointee, depth + 1)
        cv = (" const" if t.is_const_qualified() else "") + \
            (" volatile" if t.is_volatile_qualified() else "")
        if pointee.get_canonical().kind == T.FUNCTIONPROTO or find_top(inner, "(*") >= 0 or \
                inner.endswith("]"):
            return _compose(inner, mark + cv.strip())
        return f"{inner} {mark}{cv}"
    if k == T.ELABORATED:
        named = t.get_named_type()
        if named.kind == T.UNEXPOSED and named.get_declaration().kind == K.NO_DECL_FOUND and \
                named.get_num_template_arguments() < 0:
            # a name brought in by a using-declaration (`std::int8_t` is `using ::int8_t;`):
            # libclang does not expose what it names; a typedef SWIG knows keeps its name
            written = t.spelling.removeprefix("const ").removeprefix("volatile ").strip()
            if written.removeprefix("std::") in _SWIG_KNOWN:
                return _cv(t, written)
        text = _spell(named, depth + 1)
        return _cv(t, text) if not text.startswith("const ") else text
    if k == T.TYPEDEF:
        return _cv(t, _typedef(t, depth))
    if k in (T.RECORD, T.ENUM):
        return _cv(t, _record(t, depth))
    if k in (T.CONSTANTARRAY, T.INCOMPLETEARRAY):
        inner = _spell(t.element_type, depth + 1)
        if t.is_const_qualified() and not inner.startswith("const "):
            inner = "const " + inner  # (libclang puts an array's const on the array)
        dim = f"[{t.element_count}]" if k == T.CONSTANTARRAY else "[]"
        if inner.endswith("]") and " [" in inner:  # an array of arrays: `double [2][3]`
            head, _, dims = inner.partition(" [")
            return f"{head} {dim}[{dims}"
        return f"{inner} {dim}"
    if k in (T.FUNCTIONPROTO, T.FUNCTIONNOPROTO):
        args = [_spell(a, depth + 1) for a in t.argument_types()] if k == T.FUNCTIONPROTO \
            else []
        if k == T.FUNCTIONPROTO and t.is_function_variadic():
            args.append("...")
        result = t.get_result()
        if result.get_canonical().kind in (T.POINTER, T.LVALUEREFERENCE, T.RVALUEREFERENCE) \
                and result.get_canonical().get_pointee().kind in (
                    T.FUNCTIONPROTO, T.FUNCTIONNOPROTO, T.CONSTANTARRAY):
            # returning a pointer to a function or array, `int (*(int))(double)`: a spelling
            # declarator() cannot put a name into
            raise _Unspellable
        return f"{_spell(result, depth + 1)} ({', '.join(args)})"
    if k == T.DEPENDENTSIZEDARRAY and "[" in t.spelling:  # `T items[N]` in a template
        return f"{_spell(t.element_type, depth + 1)} {t.spelling[t.spelling.index('['):]}"
    if k == T.AUTO:
        canon = t.get_canonical()
        if canon.kind in (T.AUTO, T.INVALID, T.UNEXPOSED):
            # not deduced (a template's): SWIG skips a plain `auto` with its warning 345 (shown
            # located, SG341); `decltype(auto)` it cannot read at all
            if t.spelling.removeprefix("const ").rstrip(" &*") == "auto":
                return str(t.spelling)
            raise _Unspellable
        return _cv(t, _spell(canon, depth + 1))
    if k == T.UNEXPOSED:
        return _cv(t, _unexposed(t, depth))
    if k == T.INVALID:
        raise _Unspellable
    # builtins, template parameters, dependent names: as written (expressions in template
    # arguments parenthesized, as SWIG reads them)
    return parenthesized(str(t.spelling))


def _compose(inner: str, mark: str) -> str:
    """A pointer or reference to a function or array: `int (*)(void *)`, `int (&) [3]`,
    `int (**)(void *)`."""
    group = find_top(inner, "(*")
    if group < 0:
        group = find_top(inner, "(&")
    if group >= 0:  # already a pointer to a function or array: one more level inside
        return inner[:group + 1] + mark + inner[group + 1:]
    open_ = last_group(inner)
    if open_ < 0:
        return f"{inner} {mark}"
    return f"{inner[:open_].rstrip()} ({mark}){inner[open_:]}"


def _typedef(t: ci.Type, depth: int) -> str:
    decl = t.get_declaration()
    parent = decl.semantic_parent
    in_class = parent is not None and parent.kind in (
        K.STRUCT_DECL, K.CLASS_DECL, K.UNION_DECL, K.CLASS_TEMPLATE,
        K.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION)
    name = qualified(decl)
    if not in_class and name:
        if name.startswith("std::"):
            return name  # std::string, std::size_t, std::chrono::seconds
        if name in _SWIG_KNOWN or (name.startswith("std::") and name[5:] in _SWIG_KNOWN):
            return name
        if _in_wrapped(decl):
            if not _readable(decl, depth):
                # `typedef unsigned __int128 u128;`: the view leaves the typedef out, and so
                # every declaration using it
                raise _Unspellable
            return name  # the view declares it
    return _spell(decl.underlying_typedef_type, depth + 1)


def _readable(decl: ci.Cursor, depth: int) -> bool:
    """Whether SWIG can read what the wrapped header's typedef `decl` stands for."""
    key = decl.hash
    found = _typedefs.get(key)
    if found is None:
        try:
            _spell(decl.underlying_typedef_type, depth + 1)
            found = True
        except _Unspellable:
            found = False
        _typedefs[key] = found
    return found


def _record(t: ci.Type, depth: int) -> str:
    decl = t.get_declaration()
    name = qualified(decl)
    if not name:
        raise _Unspellable  # an unnamed class or enum
    n = decl.get_num_template_arguments() if decl.kind in (K.STRUCT_DECL, K.CLASS_DECL,
                                                          K.UNION_DECL) else -1
    if n <= 0:
        if decl.kind in (K.STRUCT_DECL, K.UNION_DECL, K.CLASS_DECL) and _hidden(decl, name):
            tag = "swiggen_tag_" + name.replace("::", "_")
            keyword = "union" if decl.kind == K.UNION_DECL else "struct"
            _tags[tag] = f"{keyword} {name}"
            return tag
        return name
    args = []
    for i in range(n):
        # (the bindings' TemplateArgumentKind lacks packs and expressions: the number)
        kind = _argument_kind()(decl, i)
        if kind == _TYPE_ARGUMENT:
            args.append(_spell(decl.get_template_argument_type(i), depth + 1))
        elif kind == _INTEGRAL_ARGUMENT:
            args.append(str(decl.get_template_argument_value(i)))
        else:  # a pack (std::tuple<int, double>), a template: clang's canonical spelling
            return _canonical(t)
    return _std_template(name, args)


def _std_template(name: str, args: list[str]) -> str:
    """`name< args >`; a standard library instance without its default arguments, by the
    typedef name SWIG's library maps where it has one (a deduced type has lost its typedef;
    `std::basic_string<wchar_t>` as written is `std::wstring`)."""
    if name.startswith("std::"):
        while args and args[-1].startswith(_STD_DEFAULTS):
            args.pop()
        alias = _STD_ALIASES.get((name, tuple(args)))
        if alias:
            return alias
    return _template(name, args)


#: standard library instances by the typedef names users (and SWIG's library) know them by
_STD_ALIASES: dict[tuple[str, tuple[str, ...]], str] = {
    ("std::basic_string", ("char",)): "std::string",
    ("std::basic_string", ("wchar_t",)): "std::wstring",
    ("std::basic_string", ("char16_t",)): "std::u16string",
    ("std::basic_string", ("char32_t",)): "std::u32string",
    ("std::basic_string_view", ("char",)): "std::string_view",
    ("std::basic_string_view", ("wchar_t",)): "std::wstring_view",
}


@functools.cache
def _argument_kind() -> Any:
    """clang_Cursor_getTemplateArgumentKind returning the number (the bindings' own raises on
    kinds they do not list)."""
    fn = ci.conf.lib["clang_Cursor_getTemplateArgumentKind"]
    fn.argtypes, fn.restype = [ci.Cursor, ctypes.c_uint], ctypes.c_int
    return fn


_TYPE_ARGUMENT = 1
_INTEGRAL_ARGUMENT = 4


def _canonical(t: ci.Type) -> str:
    """clang's spelling of the canonical type: fully qualified, default template arguments
    left out, the standard library's inline namespaces removed."""
    text = t.get_canonical().spelling.removeprefix("const ").removeprefix("volatile ")
    for ns in _INLINE:
        text = text.replace(f"std::{ns}", "std::")
    return str(text)


def _template(name: str, args: list[str]) -> str:
    return f"{name}< {', '.join(args)} >" if args else f"{name}<>"


def _unexposed(t: ci.Type, depth: int) -> str:
    """A template specialization as written (`std::vector<T>`, `Arr<int, 5>`), or other sugar
    libclang does not expose (a using-declaration's type: spelled as what it stands for)."""
    decl = t.get_declaration()
    n = t.get_num_template_arguments()
    if decl.kind != K.NO_DECL_FOUND and n >= 0 and "<" in t.spelling:
        name = qualified(decl)
        written = _split_args(t.spelling[t.spelling.index("<") + 1:t.spelling.rindex(">")])
        if name and len(written) == n:
            args = []
            canonical: list[str] | None = None
            for i in range(n):
                a = t.get_template_argument_type(i)
                if a.kind != T.INVALID:
                    args.append(_spell(a, depth + 1))
                    continue
                if not _names_something(written[i]):
                    args.append(template_argument(written[i]))
                    continue
                # a name as written (glm's `vec<1, bool, defaultp>`) may need its scope: clang's
                # canonical spelling qualifies it (`glm::defaultp`), or leaves it out as the
                # parameter's default (then so do the arguments after it, defaults too)
                if canonical is None:
                    spelled = t.get_canonical().spelling
                    canonical = _split_args(spelled[spelled.index("<") + 1:spelled.rindex(">")]) \
                        if "<" in spelled else []
                if i >= len(canonical):
                    break
                args.append(template_argument(
                    written[i] if "type-parameter-" in canonical[i] else canonical[i]))
            return _std_template(name, args)
    canon = t.get_canonical()
    if canon.kind not in (T.UNEXPOSED, T.INVALID) and canon != t:
        return _spell(canon, depth + 1)
    return parenthesized(str(t.spelling))  # dependent (`typename T::value_type`): as written


_KEYWORDS = frozenset({"true", "false", "nullptr", "sizeof", "alignof", "noexcept"})


def _names_something(argument: str) -> bool:
    """Whether a non-type template argument as written names a declaration (`defaultp`,
    `Mode::Fast`, `N + 1`), not only literals (`3`, `10u`, `true`)."""
    return any(tok not in _KEYWORDS for tok in re.findall(r"(?<![\w.'])[A-Za-z_]\w*", argument))


def _split_args(text: str) -> list[str]:
    """`int, std::map<int, int>, 5` -> its top-level arguments."""
    out: list[str] = []
    depth = 0
    cur = ""
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out
