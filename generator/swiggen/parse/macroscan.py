"""macroscan: the macros a wrapped header uses that SWIG will not see (part of parsing).

SWIG does not follow `#include`, so a macro a wrapped header expands but an unwrapped header
defines (an export macro like `YAML_CPP_API`) would be unknown to it. libclang's detailed
preprocessing record lists every expansion and definition; `scan_macros` picks the ones SWIG
needs, which lower passes on as `%define`s (lower/macros.py).
"""

from __future__ import annotations

import os
from typing import Iterable

import clang.cindex as ci

from ..diagnostics import Loc
from ..model import Macro, MacroConstant

K = ci.CursorKind


#: what a constant macro's body may hold besides literals (`(1 << 3)`, `-1`, `0x10u`)
_OPERATORS = frozenset("( ) + - * / % << >> | & ^ ~".split())


def scan_constants(tu: ci.TranslationUnit, path: str) -> tuple[MacroConstant, ...]:
    """The header's own object-like macros whose body is a constant of literals and operators
    (`#define MAX_ITEMS 64`, `#define NAME "x"`, `#define MASK (1u << 3)`): the declaration
    view passes them on, and SWIG makes them module constants. Include guards (no body),
    function-like macros and macros naming anything are not constants."""
    real = os.path.realpath(path)
    out: list[MacroConstant] = []
    seen: dict[str, bool] = {}
    for c in tu.cursor.get_children():
        if c.kind != K.MACRO_DEFINITION:
            continue
        f = c.location.file
        if f is None:
            continue
        if f.name not in seen:
            seen[f.name] = os.path.realpath(f.name) == real
        if not seen[f.name]:
            continue
        tokens = list(c.get_tokens())
        if len(tokens) < 2 or tokens[0].spelling != c.spelling:
            continue
        body = tokens[1:]
        if body[0].spelling == "(" and body[0].extent.start.offset == \
                tokens[0].extent.end.offset:
            continue  # function-like
        if not any(t.kind == ci.TokenKind.LITERAL for t in body) or not all(
                t.kind == ci.TokenKind.LITERAL or t.spelling in _OPERATORS for t in body):
            continue
        text = " ".join(t.spelling.replace("'", "") if t.kind == ci.TokenKind.LITERAL and
                        t.spelling[:1].isdigit() else t.spelling for t in body)
        out.append(MacroConstant(c.spelling, text, Loc(path, c.location.line)))
    return tuple(out)


def scan_macros(tu: ci.TranslationUnit, path: str, wrapped_headers: Iterable[str],
                system_dirs: Iterable[str]) -> tuple[Macro, ...]:
    """The macros `path` expands (in declarations and `#if`s) that SWIG will not see: defined in
    a file that is not one of the module's headers, nor the standard library's or another
    library's (a file under a system include directory counts as the wrapped library's when it
    lies in the same top folder there as a wrapped header, like `yaml-cpp/dll.h`, or is included
    with quotes, like zlib's `#include "zconf.h"`: the standard library includes with `<>`).
    A macro body
    naming other such macros brings them along. Builtin and `-D` macros have no file: the
    compiler knows them, and swiggen passes `-D` to SWIG too."""
    reals: dict[str, str] = {}  # os.path.realpath per file name: thousands of cursors share a few

    def realpath(name: str) -> str:
        r = reals.get(name)
        if r is None:
            r = reals[name] = os.path.realpath(name)
        return r

    real = os.path.realpath(path)
    wrapped = {os.path.realpath(w) for w in wrapped_headers} | {real}
    systems = [os.path.realpath(d) for d in system_dirs]
    library = {_top_folder(w, systems) for w in wrapped} - {None}
    spelled, quoted = included_files(tu)
    definitions: dict[str, ci.Cursor] = {}
    uses: list[tuple[ci.Cursor, int]] = []
    for c in tu.cursor.get_children():
        kind = c.kind
        if kind == K.MACRO_DEFINITION:
            definitions[c.spelling] = c
        elif kind == K.MACRO_INSTANTIATION:
            f = c.location.file
            if f is not None and realpath(f.name) == real:
                ref = c.referenced
                if ref is not None and ref.kind == K.MACRO_DEFINITION:
                    uses.append((ref, c.location.line))

    def foreign(d: ci.Cursor) -> str | None:
        """The real path of `d`'s file if SWIG needs `d` from us, else None."""
        f = d.location.file
        if f is None:
            return None
        file: str = realpath(f.name)
        if file in wrapped:
            return None
        top = _top_folder(file, systems)
        if any(file.startswith(s + os.sep) for s in systems) and top not in library \
                and file not in quoted:
            return None
        return file

    found: dict[str, Macro] = {}
    todo = list(uses)
    while todo:
        d, line = todo.pop(0)
        name = d.spelling
        file = foreign(d)
        if name in found or file is None:
            continue
        tokens = list(d.get_tokens())
        params: tuple[str, ...] | None = None
        body = tokens[1:]
        if len(tokens) > 1 and tokens[1].spelling == "(" and \
                tokens[1].extent.start.offset == tokens[0].extent.end.offset:
            close = next((i for i, t in enumerate(tokens) if t.spelling == ")"), len(tokens) - 1)
            params = tuple(t.spelling for t in tokens[2:close] if t.spelling != ",")
            body = tokens[close + 1:]
        text = ""
        for i, t in enumerate(body):
            gap = i > 0 and t.extent.start.offset != body[i - 1].extent.end.offset
            text += (" " if gap else "") + t.spelling
        found[name] = Macro(
            name, params, text,
            Loc(spelled.get(file, os.path.basename(file)), d.location.line), Loc(path, line),
            uses_hash=any(t.spelling in ("#", "##") for t in body))
        todo += [(definitions[t.spelling], line) for t in body
                 if t.kind == ci.TokenKind.IDENTIFIER and t.spelling in definitions
                 and t.spelling not in (params or ())]
    return tuple(found[k] for k in sorted(found))


def included_files(tu: ci.TranslationUnit) -> tuple[dict[str, str], frozenset[str]]:
    """({real path: as spelled in its first #include}, the real paths included with quotes) of
    every inclusion directive in `tu`. A file included with quotes (zlib's `#include "zconf.h"`,
    muParser's `#include "muParserDef.h"` next to it in /usr/include) belongs to the library that
    includes it: the standard library and other libraries are included with `<>`."""
    spelled: dict[str, str] = {}
    quoted: set[str] = set()
    for c in tu.cursor.get_children():
        if c.kind == K.INCLUSION_DIRECTIVE:
            included = c.get_included_file()
            if included is not None:
                target = os.path.realpath(included.name)
                spelled.setdefault(target, c.spelling)
                if any(t.spelling.startswith('"') for t in c.get_tokens()):
                    quoted.add(target)
    return spelled, frozenset(quoted)


def _top_folder(file: str, systems: list[str]) -> str | None:
    """`/usr/include/yaml-cpp` for `/usr/include/yaml-cpp/node/node.h` (system dir
    `/usr/include`), the deepest system directory holding `file` plus one level; None if none."""
    best = max((s for s in systems if file.startswith(s + os.sep)), key=len, default=None)
    if best is None:
        return None
    rest = file[len(best) + 1:].split(os.sep)
    return os.path.join(best, rest[0]) if len(rest) > 1 else None
