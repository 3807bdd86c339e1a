"""swigtext: the text SWIG is given for a header whose legal C++ SWIG's own parser rejects.

SWIG reads the real header (`%include "x.h"`) with a parser of its own that stops at C++ it does
not know, with a syntax error and no module: C++14 digit separators (`1'000` lexes as a character
literal), deduced return types (`auto f() { ... }`, `decltype(auto)`, `const auto&`), and C++20's
`consteval`, `constinit`, `explicit(bool)`, `alignas(...)`, `using enum`, `operator<=>` and
default initialisers of bit-fields. For such a header SWIG gets a copy (written at generate time
next to the interface, used by swig/run.py) in which each of them is spelled the way SWIG reads:

- digit separators are dropped from numeric literals;
- a deduced return type becomes the type clang deduced (`auto get() const` → `int get() const`);
  one clang could not deduce (a template's) is left to SWIG, which ignores the function with its
  warning 345 (shown located, SG341), or, for `decltype(auto)`, which SWIG cannot even read, the
  declaration is blanked out;
- `consteval` becomes `constexpr`; `constinit`, `alignas(...)` and `using enum X;` go;
  `explicit(false)` goes and any other `explicit(...)` becomes `explicit`;
- a declaration of `operator<=>` or of a user-defined literal (`operator""_km`) goes (neither
  has a Python meaning, as lower/ says with SG311/SG330; SWIG's `%ignore` cannot name a literal);
- a bit-field's default initialiser goes (SWIG never constructs the class itself).

Edits replace a span by text without newlines, and a blanked span keeps its newlines, so every
line stays where it was and SWIG's messages point at the real header's lines. Everything is
found through libclang's tokens and cursors of the real parse, never by pattern: a keyword in a
comment or a string is never touched.
"""

from __future__ import annotations

import bisect
import functools
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import clang.cindex as ci

#: bytes without which a header needs no edit (a cheap test before looking at tokens)
_TRIGGERS = (b"'", b"auto", b"consteval", b"constinit", b"explicit", b"alignas", b"enum",
             b"<=>", b":", b'""')


@dataclass(frozen=True, order=True)
class Edit:
    """Replace data[start:end] by `text` (bytes offsets into the header as libclang read it)."""

    start: int
    end: int
    text: bytes


def needs_look(data: bytes) -> bool:
    return any(t in data for t in _TRIGGERS)


def edits(tu: ci.TranslationUnit, path: str, data: bytes) -> tuple[Edit, ...]:
    """The edits SWIG's copy of `path` needs (none for a header SWIG reads as it is)."""
    _real.cache_clear()  # paths resolve once per header (symlinks may change between runs)
    if not needs_look(data):
        return ()
    # clang_tokenize lexes the one file of the extent (the header's): asking each of ~100,000
    # tokens of a large header for its file took a quarter of the parse
    tokens = list(tu.get_tokens(extent=tu.cursor.extent))
    if tokens and not all(t.location.file is not None and
                          _same_file(t.location.file.name, path) for t in (tokens[0], tokens[-1])):
        tokens = [t for t in tokens
                  if t.location.file is not None and _same_file(t.location.file.name, path)]
    found: list[Edit] = list(_token_edits(tokens))
    found += _cursor_edits(tu.cursor, path, data, tokens)
    return _merged(found, data)


def swig_text(tu: ci.TranslationUnit, path: str, data: bytes) -> bytes | None:
    """SWIG's copy of the header, or None when SWIG reads the header as it is."""
    changes = edits(tu, path, data)
    return apply(data, changes) if changes else None


def apply(data: bytes, changes: Sequence[Edit]) -> bytes:
    out = bytearray()
    last = 0
    for e in changes:
        out += data[last:e.start] + e.text
        last = e.end
    out += data[last:]
    return bytes(out)


@functools.cache
def _real(path: str) -> str:
    return os.path.realpath(path)


def _same_file(a: str, b: str) -> bool:
    return a == b or _real(a) == _real(b)


def _span(first: ci.Token, last: ci.Token) -> tuple[int, int]:
    return first.extent.start.offset, last.extent.end.offset


def _closing(tokens: Sequence[ci.Token], i: int) -> int:
    """Index of the `)` matching the `(` at tokens[i] (or the last token if unbalanced)."""
    depth = 0
    for j in range(i, len(tokens)):
        s = tokens[j].spelling
        if s == "(":
            depth += 1
        elif s == ")":
            depth -= 1
            if depth == 0:
                return j
    return len(tokens) - 1


def _token_edits(tokens: Sequence[ci.Token]) -> Iterable[Edit]:
    n = len(tokens)
    for i, tok in enumerate(tokens):
        s = tok.spelling
        kind = tok.kind
        if kind == ci.TokenKind.LITERAL and "'" in s and (
                s[0].isdigit() or (s[0] == "." and s[1:2].isdigit())):
            yield Edit(*_span(tok, tok), s.replace("'", "").encode())
        elif kind != ci.TokenKind.KEYWORD:
            continue
        elif s == "consteval":
            yield Edit(*_span(tok, tok), b"constexpr")
        elif s == "constinit":
            yield Edit(*_span(tok, tok), b"")
        elif s in ("explicit", "alignas") and i + 1 < n and tokens[i + 1].spelling == "(":
            close = _closing(tokens, i + 1)
            inner = [t.spelling for t in tokens[i + 2:close]]
            keep = b"" if s == "alignas" or inner == ["false"] else b"explicit"
            yield Edit(*_span(tok, tokens[close]), keep)
        elif s == "using" and i + 1 < n and tokens[i + 1].spelling == "enum":
            j = i
            while j < n and tokens[j].spelling != ";":
                j += 1
            yield Edit(*_span(tok, tokens[min(j, n - 1)]), b"")


_FUNCTIONS = (ci.CursorKind.FUNCTION_DECL, ci.CursorKind.CXX_METHOD,
              ci.CursorKind.FUNCTION_TEMPLATE, ci.CursorKind.CONVERSION_FUNCTION)
_SCOPES = (ci.CursorKind.TRANSLATION_UNIT, ci.CursorKind.NAMESPACE, ci.CursorKind.STRUCT_DECL,
           ci.CursorKind.CLASS_DECL, ci.CursorKind.UNION_DECL, ci.CursorKind.CLASS_TEMPLATE,
           ci.CursorKind.LINKAGE_SPEC,
           ci.CursorKind.CLASS_TEMPLATE_PARTIAL_SPECIALIZATION)
#: tokens a return type spelled with `auto` is made of (`const auto&`, `decltype(auto)`)
_TYPE_TOKENS = frozenset({"auto", "const", "volatile", "&", "&&", "*", "decltype", "(", ")"})


def _cursor_edits(scope: ci.Cursor, path: str, data: bytes,
                  tokens: Sequence[ci.Token]) -> Iterable[Edit]:
    for c in scope.get_children():
        f = c.location.file
        if f is None or not _same_file(f.name, path):
            continue
        if c.kind in _SCOPES:
            yield from _cursor_edits(c, path, data, tokens)
        elif c.kind in _FUNCTIONS:
            yield from _function_edits(c, data, tokens)
        elif c.kind == ci.CursorKind.FIELD_DECL and c.is_bitfield():
            yield from _bitfield_edits(c)


def _declaration_end(c: ci.Cursor, tokens: Sequence[ci.Token]) -> int:
    """Where a function's declaration ends: after its body when it has one (a skipped body is
    not in the cursor's extent)."""
    end = c.extent.end.offset
    starts = [t.extent.start.offset for t in tokens]
    i = bisect.bisect_left(starts, end)
    if i < len(tokens) and tokens[i].spelling == "{":
        depth = 0
        for t in tokens[i:]:
            depth += {"{": 1, "}": -1}.get(t.spelling, 0)
            if depth == 0:
                return int(t.extent.end.offset)
    return int(end)


def _blank(start: int, end: int, data: bytes) -> Edit:
    """data[start:end] as spaces, its newlines kept (so lines do not move)."""
    return Edit(start, end, bytes(b if b in b"\r\n" else 0x20 for b in data[start:end]))


def _function_edits(c: ci.Cursor, data: bytes, tokens: Sequence[ci.Token]) -> Iterable[Edit]:
    ext = c.extent
    if c.spelling == "operator<=>" or c.spelling.startswith('operator""'):
        yield _blank(ext.start.offset, _declaration_end(c, tokens), data)
        return
    if b"auto" not in data[ext.start.offset:ext.end.offset]:
        return  # the bytes first: tokenizing each function of a large header is slow
    toks = list(c.get_tokens())
    if not any(t.spelling == "auto" for t in toks):
        return
    name = c.location.offset
    head = [t for t in toks if t.extent.end.offset <= name]
    # a member defined outside its class (`auto Q::get()`): its `Q ::` is not the return type
    while len(head) >= 2 and head[-1].spelling == "::" \
            and head[-2].kind == ci.TokenKind.IDENTIFIER:
        head = head[:-2]
    k = len(head)
    while k > 0 and head[k - 1].spelling in _TYPE_TOKENS and not (
            head[k - 1].spelling == ")" and (k < 4 or head[k - 4].spelling != "decltype")):
        if head[k - 1].spelling == ")":
            k -= 4  # `decltype ( auto )`
        else:
            k -= 1
    ret = head[k:]
    trailing = _trailing_decltype_auto(toks, name)
    spans = []
    if any(t.spelling == "auto" for t in ret) and not (
            [t.spelling for t in ret] == ["auto"] and _has_trailing_return(toks, name)):
        spans.append((ret[0], ret[-1]))
    if trailing is not None:
        spans.append(trailing)
    if not spans:
        return
    deduced = _spelled(c.result_type)
    if "auto" in deduced.replace("(", " ").replace(")", " ").split():
        # not deduced (a template, a declaration without a body): SWIG skips a plain `auto`
        # with its warning 345, but cannot read `decltype(auto)` at all
        if any(t.spelling == "decltype" for t in ret) or trailing is not None:
            yield _blank(ext.start.offset, _declaration_end(c, tokens), data)
        return
    if trailing is not None:  # `auto f() -> decltype(auto)`: the trailing type names it
        first, last = trailing
        yield Edit(first.extent.start.offset, last.extent.end.offset, deduced.encode())
        return
    first, last = spans[0]
    yield Edit(first.extent.start.offset, last.extent.end.offset, deduced.encode())


def _spelled(t: ci.Type) -> str:
    """A deduced type as SWIG can read it at the declaration: clang's spelling, which names
    types as the function's scope sees them, except a class's member typedef (`size_type` of
    `points_.size()`), which means nothing there: that one is spelled as what it stands for."""
    base = t.get_pointee() if t.kind in (ci.TypeKind.LVALUEREFERENCE,
                                         ci.TypeKind.RVALUEREFERENCE,
                                         ci.TypeKind.POINTER) else t
    d = base.get_declaration()
    if d.kind in (ci.CursorKind.TYPEDEF_DECL, ci.CursorKind.TYPE_ALIAS_DECL) and \
            d.semantic_parent is not None and d.semantic_parent.kind not in (
                ci.CursorKind.NAMESPACE, ci.CursorKind.TRANSLATION_UNIT,
                ci.CursorKind.LINKAGE_SPEC):
        return str(t.get_canonical().spelling)
    return str(t.spelling)


def _has_trailing_return(toks: Sequence[ci.Token], name: int) -> bool:
    return _arrow(toks, name) is not None


def _arrow(toks: Sequence[ci.Token], name: int) -> int | None:
    """Index of the `->` of a trailing return type (at the parameters' depth), if any."""
    depth = 0
    for i, t in enumerate(toks):
        if t.extent.start.offset < name:
            continue
        s = t.spelling
        if s in ("(", "[", "<"):
            depth += 1 if s != "<" else 0
        elif s in (")", "]"):
            depth -= 1
        elif s == "{" and depth == 0:
            return None
        elif s == "->" and depth == 0:
            return i
    return None


def _trailing_decltype_auto(toks: Sequence[ci.Token],
                            name: int) -> tuple[ci.Token, ci.Token] | None:
    i = _arrow(toks, name)
    if i is None or i + 4 >= len(toks):
        return None
    if [t.spelling for t in toks[i + 1:i + 5]] == ["decltype", "(", "auto", ")"]:
        return toks[i + 1], toks[i + 4]
    return None


def _bitfield_edits(c: ci.Cursor) -> Iterable[Edit]:
    """`unsigned a : 3 = 1;` → `unsigned a : 3;` (C++20 default initialiser of a bit-field)."""
    toks = list(c.get_tokens())
    depth = 0
    seen_colon = False
    for i, t in enumerate(toks):
        s = t.spelling
        if s in ("(", "["):
            depth += 1
        elif s in (")", "]"):
            depth -= 1
        elif s == ":" and depth == 0:
            seen_colon = True
        elif seen_colon and depth == 0 and s in ("=", "{"):
            last = toks[-1]
            if last.spelling == ";":
                last = toks[-2]
            yield Edit(t.extent.start.offset, last.extent.end.offset, b"")
            return


def _merged(found: list[Edit], data: bytes) -> tuple[Edit, ...]:
    """Sorted, with an edit inside a larger one (a token edit inside a blanked declaration)
    dropped."""
    out: list[Edit] = []
    for e in sorted(found, key=lambda e: (e.start, -e.end)):
        if out and e.start < out[-1].end:
            if e.end <= out[-1].end:
                continue
            raise AssertionError(f"overlapping SWIG-copy edits at bytes {out[-1]} and {e}")
        out.append(e)
    return tuple(out)
