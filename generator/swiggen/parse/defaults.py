"""defaults: a parameter's default argument, as text, and whether SWIG can evaluate it (part of
parsing).

SWIG copies a default argument's text into the wrapper, a function at global scope, where
`2 * kDefault` (a constant of the function's namespace) names nothing. SWIG qualifies a default
that is one name (`kDefault`, `Mode::Fast`, `Opt()`) itself, but not the names inside an
expression. libclang says what each name in the default refers to; `needs_scope` is true when
one of them is written less qualified than its declaration (lower then lets C++ evaluate the
default: see lower/functions.py).
"""

from __future__ import annotations

import bisect

import clang.cindex as ci

from .cxxtypes import qualname
from .tparams import pretty, split_default

K = ci.CursorKind

_OPEN = {"(": 1, "<": 1, "[": 1, "{": 1, ")": -1, ">": -1, "]": -1, "}": -1, ">>": -2}
_REFERENCES = {K.DECL_REF_EXPR, K.TYPE_REF, K.TEMPLATE_REF, K.MEMBER_REF_EXPR}


def default_argument(p: ci.Cursor, data: bytes) -> tuple[str | None, bool]:
    """(the default's source text or None, whether it needs the function's scope) for the
    PARM_DECL `p` of a header whose bytes are `data`."""
    tokens = list(p.get_tokens())
    if not tokens or tokens[0].extent.start.offset != p.extent.start.offset:
        # a parameter a macro writes (glog's DEFINE_CHECK_OP_IMPL(Check_EQ, ==)): its tokens
        # are none, or the macro definition's from the parameter on, not its own
        return _printed_default(p)
    depth = 0
    eq = -1
    for i, tok in enumerate(tokens):
        s = tok.spelling
        if s == "=" and depth == 0:
            eq = i
            break
        depth += _OPEN.get(s, 0)  # `>>` closes two: std::vector<std::vector<int>> v = {}
    if eq < 0:
        return None, False
    start = tokens[eq].extent.end.offset
    end = _balanced_end(data, start, p.extent.end.offset)
    raw = bytearray(data[start:end])
    # C++14 digit separators (`1'000`), which SWIG's lexer reads as a character literal
    for tok in reversed(tokens[eq + 1:]):
        s = tok.spelling
        a, b = tok.extent.start.offset - start, tok.extent.end.offset - start
        if tok.kind == ci.TokenKind.LITERAL and "'" in s and 0 <= a < b <= len(raw) and (
                s[0].isdigit() or (s[0] == "." and s[1:2].isdigit())):
            raw[a:b] = s.replace("'", "").encode()
    text = raw.decode("utf-8", errors="replace").strip()
    if not text:
        return None, False
    return text, _needs_scope(p, tokens, eq + 1, start)


def _printed_default(p: ci.Cursor) -> tuple[str | None, bool]:
    """The default of a parameter a macro writes, as clang prints it (the macro expanded);
    it needs the function's scope when it names anything not global (clang prints names as
    they were written: lower lets C++ evaluate such a default)."""
    _head, default = split_default(pretty(p))
    if not default:
        return None, False
    for r in p.walk_preorder():
        decl = r.referenced if r.kind in _REFERENCES else None
        if decl is not None and decl.semantic_parent is not None and \
                decl.semantic_parent.kind != K.TRANSLATION_UNIT:
            return default, True
    return default, False


def _balanced_end(data: bytes, start: int, end: int) -> int:
    """Where a default's text ends: libclang's extent of a parameter whose default is a macro
    call (`indent = PUGIXML_TEXT("\\t")`) stops inside the call; the text runs on to where its
    brackets close (string and character literals skipped)."""
    depth = 0
    i = start
    quote = 0
    while i < len(data):
        ch = data[i]
        if quote:
            if ch == 0x5C:  # backslash
                i += 2
                continue
            if ch == quote:
                quote = 0
        elif ch == 0x22 or (ch == 0x27 and not (i > 0 and chr(data[i - 1]).isalnum())):
            quote = ch  # (a ' after a digit is a digit separator, `1'000`)
        elif ch in b"([{":
            depth += 1
        elif ch in b")]}":
            if depth == 0:
                return end
            depth -= 1
            if depth == 0 and i + 1 >= end:
                return i + 1
        elif ch == 0x2C and depth == 0 and i >= end:  # ,
            return end
        i += 1
    return end


def _needs_scope(p: ci.Cursor, tokens: list[ci.Token], first: int, start: int) -> bool:
    offsets = [t.extent.start.offset for t in tokens]
    for r in p.walk_preorder():
        if r.kind not in _REFERENCES or r.extent.start.offset < start:
            continue
        decl = r.referenced
        if decl is None or decl.semantic_parent is None or \
                decl.semantic_parent.kind == K.TRANSLATION_UNIT:
            continue  # a global name means the same in the wrapper
        # the name's token: the last one in the reference spelled like the declaration
        lo = bisect.bisect_left(offsets, r.extent.start.offset)
        hi = bisect.bisect_left(offsets, r.extent.end.offset)
        i = next((k for k in range(hi - 1, lo - 1, -1) if tokens[k].spelling == decl.spelling),
                 None)
        if i is None:
            return True  # from a macro, or an operator: cannot tell how it is spelled
        if i + 1 < len(tokens) and tokens[i + 1].spelling == "::":
            continue  # `Color` in `Color::Green`: the whole name is the next reference
        j = i
        while j - 2 >= first and tokens[j - 1].spelling == "::" and \
                tokens[j - 2].kind == ci.TokenKind.IDENTIFIER:
            j -= 2
        written = "".join(t.spelling for t in tokens[j:i + 1])
        if (j > first and tokens[j - 1].spelling == "::") or written.startswith("std::") or \
                written == qualname(decl):
            continue  # qualified from the global namespace
        if j == first and _alone(tokens, i + 1) and _scope_finds(p, decl, written) and \
                _public(decl):
            continue  # the whole default is this name (or `Name()`): SWIG qualifies it
            # (if the view declares it: a private member it does not, rapidjson's
            # `stackCapacity = kDefaultStackCapacity`)
        return True
    return False


def _public(decl: ci.Cursor) -> bool:
    """Whether `decl` and the classes around it are public (what the view declares)."""
    c: ci.Cursor | None = decl
    while c is not None and c.kind != K.TRANSLATION_UNIT:
        if c.access_specifier in (ci.AccessSpecifier.PRIVATE, ci.AccessSpecifier.PROTECTED):
            return False
        c = c.semantic_parent
    return True


def _scope_finds(p: ci.Cursor, decl: ci.Cursor, written: str) -> bool:
    """Whether `written`, an enumerator looked up from the function's scopes outwards as SWIG
    does, names `decl` (not when C++ found it through `using enum`, which SWIG does not see)."""
    if decl.kind != K.ENUM_CONSTANT_DECL:
        return True  # (SWIG's own lookup finds base classes' names, as C++ does)
    targets = {qualname(decl)}
    parent = decl.semantic_parent
    if decl.kind == K.ENUM_CONSTANT_DECL and parent is not None and not parent.is_scoped_enum():
        outer = parent.semantic_parent  # an unscoped enum's constants live in its scope
        targets.add(f"{qualname(outer)}::{decl.spelling}"
                    if outer is not None and outer.kind != K.TRANSLATION_UNIT else decl.spelling)
    scope = p.semantic_parent.semantic_parent if p.semantic_parent is not None else None
    while scope is not None and scope.kind != K.TRANSLATION_UNIT:
        if f"{qualname(scope)}::{written}" in targets:
            return True
        scope = scope.semantic_parent
    return written in targets


def _alone(tokens: list[ci.Token], after: int) -> bool:
    rest = [t.spelling for t in tokens[after:]]
    return rest in ([], ["(", ")"], ["{", "}"])
