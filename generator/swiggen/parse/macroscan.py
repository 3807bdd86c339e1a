"""macroscan: a wrapped header's own constant macros (part of parsing).

SWIG reads the declaration view, where every other macro is already expanded; a header's
`#define MAX_ITEMS 64` is a declaration of its own, which the view passes on (a module
constant). libclang's detailed preprocessing record lists the definitions.
"""

from __future__ import annotations

import os

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
