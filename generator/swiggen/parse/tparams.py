"""tparams: a template's parameter list as the declaration view declares it (parse).

The view's `template <...>` is spelled from what clang parsed, never from the header's tokens:
a parameter a macro writes has tokens of the macro's definition, not of the parameter (glog's
`DEFINE_CHECK_OP_IMPL(Check_EQ, ==)` made the view copy the macro's body, comments and all;
imath's `IMATH_ENABLE_IF(...)` parameter had the tokens `std::enable_if_t<(__VA_ARGS__), ...>`):

    template <typename V, IMATH_ENABLE_IF(has_xy<V, T>::value)>    a member template's
    ->  template <typename V, int swiggen_t1>                      (defaults dropped)
    template <class T, class A = Arena, int N = kSize>              a class template's
    ->  template <typename T, typename A = ns::Arena, int N = ns::kSize>

Every parameter is named (an unnamed one `swiggen_tN`, N its position); a parameter pack keeps
its `...`; a non-type parameter's type is spelled as every other type of the view
(declspell.py). A default is kept only for a class template (a `template(Name, int)` directive
may leave defaulted arguments out; a function template's directive names them all), as clang
prints it from the parsed declaration (macros expanded), each name it starts with fully
qualified (SWIG copies a default into the wrapper, at global scope: rapidjson's
`StackAllocator = CrtAllocator` is `rapidjson::CrtAllocator` there).
"""

from __future__ import annotations

import ctypes
import functools
import re
from typing import Any

import clang.cindex as ci

from .declspell import qualified, spelled

K = ci.CursorKind

_PARAMETERS = (K.TEMPLATE_TYPE_PARAMETER, K.TEMPLATE_NON_TYPE_PARAMETER,
               K.TEMPLATE_TEMPLATE_PARAMETER)
#: what a default names (its types, templates, namespaces and constants)
_REFERENCES = (K.TYPE_REF, K.TEMPLATE_REF, K.NAMESPACE_REF, K.DECL_REF_EXPR)


def _parameters(c: ci.Cursor) -> list[ci.Cursor]:
    if c.kind not in (K.CLASS_TEMPLATE, K.FUNCTION_TEMPLATE, K.TEMPLATE_TEMPLATE_PARAMETER):
        return []
    return [ch for ch in c.get_children() if ch.kind in _PARAMETERS]


def template_params(c: ci.Cursor) -> tuple[str, ...]:
    """The template's parameter names as written ("" for an unnamed one)."""
    if c.kind not in (K.CLASS_TEMPLATE, K.FUNCTION_TEMPLATE):
        return ()
    return tuple(ch.spelling for ch in _parameters(c))


def template_defaults(c: ci.Cursor) -> int:
    """How many parameters of a class template have a default (`class B = A`, `int N = 4`)."""
    if c.kind != K.CLASS_TEMPLATE:
        return 0
    return sum(1 for ch in _parameters(c) if split_default(pretty(ch))[1])


def template_decls(c: ci.Cursor) -> tuple[str, ...]:
    """The template's parameters for the view (`class T`, `int N = 4`, `typename... Ts`);
    () when one has a type no spelling of the view can say (the view leaves the template
    out)."""
    if c.kind not in (K.CLASS_TEMPLATE, K.FUNCTION_TEMPLATE):
        return ()
    out = _declare(c, defaults=c.kind == K.CLASS_TEMPLATE, depth=0)
    return tuple(out) if out is not None else ()


def _declare(c: ci.Cursor, defaults: bool, depth: int) -> list[str] | None:
    out: list[str] = []
    for i, ch in enumerate(_parameters(c)):
        name = ch.spelling or (f"swiggen_t{i}" if depth == 0 else f"swiggen_t{depth}_{i}")
        head, default = split_default(pretty(ch))
        pack = "..." in _outside_brackets(head)
        if ch.kind == K.TEMPLATE_TYPE_PARAMETER:
            text = ("typename... " if pack else "typename ") + name
        elif ch.kind == K.TEMPLATE_NON_TYPE_PARAMETER:
            kind = spelled(ch.type)
            if not kind or depth > 8:
                return None
            text = f"{kind}{'...' if pack else ''} {name}"
        else:  # `template <class> class C`: its own parameters, spelled the same way
            inner = _declare(ch, defaults=False, depth=depth + 1)
            if inner is None:
                return None
            text = f"template <{', '.join(inner)}> class{'...' if pack else ''} {name}"
        if defaults and default:
            text += f" = {_qualified(ch, default)}"
        out.append(text)
    return out


def _qualified(param: ci.Cursor, default: str) -> str:
    """A default as clang prints it (`CrtAllocator`, `internal::Stack<A>`, `kCap * 2`), every
    name it starts with qualified fully (`rapidjson::CrtAllocator`): SWIG copies a class
    template's default into the wrapper, at global scope."""
    names: dict[str, str] = {}
    for r in param.walk_preorder():
        if r.kind not in _REFERENCES or r.referenced is None:
            continue
        decl = r.referenced
        if decl.kind in _PARAMETERS or not decl.spelling:
            continue
        full = qualified(decl)
        if "::" in full:
            names.setdefault(decl.spelling, full)
    if not names:
        return default
    # a name not itself qualified (`::`) nor a member of another (`.`, `->`)
    pattern = re.compile(r"(?<![\w:.>])(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], default)


def split_default(text: str) -> tuple[str, str]:
    """`class U = std::basic_string<T>` -> (`class U`, `std::basic_string<T>`): a declaration
    as `pretty` prints it, and its default ("" if none)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif depth == 0 and text.startswith(" = ", i):
            return text[:i], " ".join(text[i + 3:].split())
    return text, ""


def _outside_brackets(text: str) -> str:
    """`template <class...> class C` -> `template  class C`: whether `...` is the
    parameter's own (a pack), not its type's or its parameters'."""
    depth = 0
    out = []
    for ch in text:
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def pretty(c: ci.Cursor) -> str:
    """clang's own printing of a declaration (from the parsed AST: macros expanded)."""
    fns = _printer()
    policy = fns["policy"](c)
    try:
        return str(ci._CXString.from_result(fns["print"](c, policy)))
    finally:
        fns["dispose"](policy)


@functools.cache
def _printer() -> dict[str, Any]:
    lib = ci.conf.lib
    policy = lib.clang_getCursorPrintingPolicy
    policy.argtypes, policy.restype = [ci.Cursor], ctypes.c_void_p
    print_ = lib.clang_getCursorPrettyPrinted
    print_.argtypes, print_.restype = [ci.Cursor, ctypes.c_void_p], ci._CXString
    dispose = lib.clang_PrintingPolicy_dispose
    dispose.argtypes, dispose.restype = [ctypes.c_void_p], None
    return {"policy": policy, "print": print_, "dispose": dispose}
