"""macroscan: a wrapped header's own constant macros (part of parsing).

SWIG reads the declaration view, where every other macro is already expanded; a header's
`#define MAX_ITEMS 64` is a declaration of its own, which the view passes on (a module
constant). libclang's detailed preprocessing record lists the definitions; a macro the header
defines again after an `#undef` (pcre2's PCRE2_LOCAL_WIDTH: 8, 16, then 32) is one constant,
with the value the compile sees at the end of the header, or none if the header ends with it
undefined (SWIG rejects a macro defined twice).
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
from typing import Any

import clang.cindex as ci

from ..diagnostics import Loc
from ..model import MacroConstant

K = ci.CursorKind


#: what a constant macro's body may hold besides literals (`(1 << 3)`, `-1`, `0x10u`)
_OPERATORS = frozenset("( ) + - * / % << >> | & ^ ~".split())


def scan_constants(tu: ci.TranslationUnit, path: str) -> tuple[MacroConstant, ...]:
    """The header's own object-like macros whose body is a constant of literals and operators
    (`#define MAX_ITEMS 64`, `#define NAME "x"`, `#define MASK (1u << 3)`): the declaration
    view passes them on, and SWIG makes them module constants. Include guards (no body),
    function-like macros and macros naming anything are not constants."""
    real = os.path.realpath(path)
    #: name -> (offset, the constant or None) of its last definition in the header
    last: dict[str, tuple[int, MacroConstant | None]] = {}
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
        last[c.spelling] = (c.location.offset, _constant(c, path))
    if not last:
        return ()
    undefined = _undefs(tu, path)
    out = []
    for name, (offset, constant) in last.items():
        if constant is not None and not any(at > offset for at in undefined.get(name, ())):
            out.append(constant)
    return tuple(sorted(out, key=lambda m: m.loc.line))


def _constant(c: ci.Cursor, path: str) -> MacroConstant | None:
    """The definition `c` as a constant, if its body is literals and operators."""
    tokens = list(c.get_tokens())
    if len(tokens) < 2 or tokens[0].spelling != c.spelling:
        return None
    body = tokens[1:]
    if body[0].spelling == "(" and body[0].extent.start.offset == tokens[0].extent.end.offset:
        return None  # function-like
    if not any(t.kind == ci.TokenKind.LITERAL for t in body) or not all(
            t.kind == ci.TokenKind.LITERAL or t.spelling in _OPERATORS for t in body):
        return None
    text = " ".join(t.spelling.replace("'", "") if t.kind == ci.TokenKind.LITERAL and
                    t.spelling[:1].isdigit() else t.spelling for t in body)
    return MacroConstant(c.spelling, text, Loc(path, c.location.line))


#: an `#undef NAME` line, and what is not code (comments, literals: `/* #undef X */`)
_UNDEF = re.compile(rb"^[ \t]*#[ \t]*undef[ \t]+([A-Za-z_]\w*)", re.M)
_NOT_CODE = re.compile(rb'//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.DOTALL)


def _undefs(tu: ci.TranslationUnit, path: str) -> dict[str, list[int]]:
    """The offsets of the header's `#undef`s the preprocessor ran (not in a skipped `#if 0`
    block), by macro name."""
    with open(path, "rb") as fh:
        data = fh.read()
    if b"undef" not in data:
        return {}
    code = _NOT_CODE.sub(lambda m: re.sub(rb"[^\n]", b" ", m.group()), data)
    skipped = _skipped_ranges(tu, path)
    out: dict[str, list[int]] = {}
    for m in _UNDEF.finditer(code):
        at = m.start()
        if not any(lo <= at < hi for lo, hi in skipped):
            out.setdefault(m.group(1).decode(), []).append(at)
    return out


class _RangeList(ctypes.Structure):
    _fields_ = [("count", ctypes.c_uint), ("ranges", ctypes.POINTER(ci.SourceRange))]


@functools.cache
def _skipped_fn() -> tuple[Any, Any]:
    lib = ci.conf.lib
    get = lib.clang_getSkippedRanges
    get.argtypes, get.restype = [ci.TranslationUnit, ci.File], ctypes.POINTER(_RangeList)
    dispose = lib.clang_disposeSourceRangeList
    dispose.argtypes, dispose.restype = [ctypes.POINTER(_RangeList)], None
    return get, dispose


def _skipped_ranges(tu: ci.TranslationUnit, path: str) -> list[tuple[int, int]]:
    """The header's blocks the preprocessor skipped (`#if 0 ... #endif`), as byte offsets."""
    get, dispose = _skipped_fn()
    found = get(tu, tu.get_file(path))
    try:
        ranges = found.contents
        return [(ranges.ranges[i].start.offset, ranges.ranges[i].end.offset)
                for i in range(ranges.count)]
    finally:
        dispose(found)
