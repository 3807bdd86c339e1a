"""aliasscan: the typedefs a wrapped header uses that SWIG will not see (part of parsing).

SWIG does not follow `#include`, so `int32 add(int32, int32)` with `typedef int int32;` in an
included types header would be an unknown (pointer-wrapped) type to it. libclang knows every type
name's declaration and canonical type; `scan_aliases` lists the typedefs and `using` aliases at
namespace scope that the header names and another file declares, which lower passes on to SWIG
spelled canonically (lower/aliases.py). The standard library's own names are left to SWIG's
library; of other system headers' typedefs only global arithmetic ones (`ssize_t`) are passed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

import clang.cindex as ci

from ..diagnostics import Loc
from ..model import Alias, TypeKind
from .cxxtypes import is_unnamed, qualname, type_ref
from .macroscan import _top_folder

K = ci.CursorKind

_ALIASES = (K.TYPEDEF_DECL, K.TYPE_ALIAS_DECL)
#: what SWIG's own <stdint.i> (interfaces/common/cstdint.swg) already declares
_SWIG_KNOWS = {f"{p}int{n}_t" for p in ("", "u") for n in (8, 16, 32, 64)} | {
    "intptr_t", "uintptr_t", "size_t", "ptrdiff_t", "intmax_t", "uintmax_t", "wchar_t"}
_SCALARS = (TypeKind.BOOL, TypeKind.INT, TypeKind.FLOAT)


def scan_aliases(roots: Iterable[ci.Cursor], path: str, wrapped_headers: Iterable[str],
                 system_dirs: Iterable[str], quoted: frozenset[str] = frozenset()
                 ) -> tuple[Alias, ...]:
    """The namespace-scope typedefs header `path` names (in any declaration under `roots`, its
    top-level declarations) that a file SWIG does not read declares, each once, in the order
    first named. A file under a system directory is the library's own when it lies in a wrapped
    header's top folder there (`yaml-cpp/`) or is included with quotes (`quoted`: muParser's
    headers sit directly in /usr/include and include each other with quotes)."""
    real = os.path.realpath(path)
    wrapped = {os.path.realpath(w) for w in wrapped_headers} | {real}
    systems = [os.path.realpath(d) for d in system_dirs]
    library = {_top_folder(w, systems) for w in wrapped} - {None}
    reals: dict[str, str] = {}
    found: dict[str, Alias] = {}
    seen: set[str] = set()
    for top in roots:
        for c in top.walk_preorder():
            if c.kind != K.TYPE_REF:
                continue
            decl = c.referenced
            if decl is None or decl.kind not in _ALIASES:
                continue
            key = decl.get_usr() or qualname(decl)
            if key in seen:
                continue
            seen.add(key)
            alias = _foreign(decl, wrapped, systems, library, reals, quoted)
            if alias is not None:
                found.setdefault(alias.qualname, alias)
    return tuple(found.values())


def _foreign(decl: ci.Cursor, wrapped: set[str], systems: list[str], library: set[str | None],
             reals: dict[str, str], quoted: frozenset[str]) -> Alias | None:
    f = decl.location.file
    if f is None:
        return None
    file = reals.get(f.name) or reals.setdefault(f.name, os.path.realpath(f.name))
    if file in wrapped:
        return None  # SWIG reads it
    scope = decl.semantic_parent
    if scope is None or scope.kind not in (K.TRANSLATION_UNIT, K.NAMESPACE) or \
            (scope.kind == K.NAMESPACE and is_unnamed(scope)):
        return None  # a class's member typedef: SWIG cannot be told about it alone
    name = qualname(decl)
    if name.startswith("std::") or "::__" in name or name.startswith("__"):
        return None
    target = type_ref(decl.underlying_typedef_type)
    system = any(file.startswith(s + os.sep) for s in systems) and \
        _top_folder(file, systems) not in library and file not in quoted
    if system and (scope.kind != K.TRANSLATION_UNIT or target.kind not in _SCALARS or
                   decl.spelling in _SWIG_KNOWS):
        return None
    if target.kind in _SCALARS + (TypeKind.STRING, TypeKind.VECTOR, TypeKind.MAP):
        if target.indirection and target.kind is not TypeKind.STRING:
            return None
    elif target.kind not in (TypeKind.ENUM, TypeKind.CLASS) or target.indirection not in ("",
                                                                                        "*"):
        return None  # function pointers, arrays: not spelled canonically here
    return Alias(decl.spelling, name, target, Loc(os.path.basename(file), decl.location.line))
