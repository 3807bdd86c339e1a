"""segments: a wrapped header as a sequence of declarations, to tell which split units a header
edit can affect (parse stage; compile/extension.py uses the result).

Every unit of a split wrapper includes the wrapped headers, so any edit to one would recompile
them all: adding one method to a 200-class header would cost a full rebuild. Most of those
compiles would produce the same object: a unit's code cannot be changed by a declaration that
nothing it reads names. `segments` cuts a header's tokens (comments left out) into

    [None, "text"]     the tokens between declarations (braces, `public:`, `;`, directives)
    ["", "digest"]     a declaration that is not removable (below), as a digest of its tokens
    [name, "digest"]   a removable declaration of `name`

and a unit compiled against one version need not be compiled again for another when the two
sequences differ only in removable declarations whose names the unit's other inputs (its
source, the prelude, other headers) never mention (`headerdiff.py`, used by compile/extension.py).

A declaration is removable when adding, removing or changing it cannot change the meaning of
code that does not name it:
- a non-virtual member function (not a constructor, destructor, operator or conversion);
- a namespace-scope function that is not an operator;
- a class or struct definition at namespace scope that is not a specialisation and declares no
  friends;
and its name is spelled nowhere else in the header (overloads, hiding, out-of-line definitions,
macros: all make it not removable) and is not one of `LOOKED_UP`, the names the standard
library (and a few common libraries) look up on a class without the caller naming them.
Virtual functions (vtable layout), data members (object layout), special members (implicit
ones), templates, enums and typedefs are never removable: any change to them recompiles every
unit.
"""

from __future__ import annotations

import bisect
import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import clang.cindex as ci

#: member and free-function names found by the standard library's templates (ranges, iterator
#: and tuple protocols, ADL customisation points) or by common libraries' (fmt, nlohmann::json,
#: boost) on a type, without the code that instantiates them spelling the name
LOOKED_UP = frozenset("""
begin end cbegin cend rbegin rend crbegin crend size ssize data empty swap get iter_move
iter_swap what hash_value format_as to_json from_json to_string
""".split())

#: this module's version: segments cut by another one are not compared (compile/extension.py)
ALGORITHM = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]

#: [name | "" | None, text | digest, (members of a removable class)] (headerdiff.py)
Segment = list[Any]

_K = ci.CursorKind
_SCOPES = {_K.NAMESPACE, _K.LINKAGE_SPEC, _K.CLASS_DECL, _K.STRUCT_DECL, _K.UNION_DECL}
_CLASSES = {_K.CLASS_DECL, _K.STRUCT_DECL}


def _digest(spellings: Sequence[str]) -> str:
    return hashlib.sha256("\0".join(spellings).encode()).hexdigest()[:20]


def header_record(tu: ci.TranslationUnit, path: str, data: bytes) -> dict[str, Any]:
    """What the build keeps of a parsed header (BUILD/segments.json): its content's hash and
    its segments."""
    return {"sha256": hashlib.sha256(data).hexdigest(), "algorithm": ALGORITHM,
            "segments": header_segments(tu, path, data)}


def header_segments(tu: ci.TranslationUnit, path: str, data: bytes) -> list[Segment]:
    """The segments of the header `path` (its bytes: `data`) of the parsed `tu`."""
    every = list(tu.get_tokens(extent=tu.get_extent(path, (0, len(data)))))
    spelled = [t.spelling for t in every]
    located = _offsets(every, spelled, data)
    kinds = [t.kind for t in every]
    keep = [i for i, k in enumerate(kinds) if k != ci.TokenKind.COMMENT]
    spellings = [spelled[i] for i in keep]
    offsets = [located[i] for i in keep]
    where: dict[str, list[int]] = {}
    for n, i in enumerate(keep):
        if kinds[i] == ci.TokenKind.IDENTIFIER:
            where.setdefault(spellings[n], []).append(n)

    def span(c: ci.Cursor) -> tuple[int, int]:
        """The tokens of declaration `c`: its extent, a body skipped by the parse, a `;`."""
        first = bisect.bisect_left(offsets, c.extent.start.offset)
        end = bisect.bisect_left(offsets, c.extent.end.offset)
        if end < len(spellings) and spellings[end] == "{" and c.kind not in _SCOPES:
            depth = 0
            for end in range(end, len(spellings)):
                depth += {"{": 1, "}": -1}.get(spellings[end], 0)
                if depth == 0:
                    break
            end += 1
        if end < len(spellings) and spellings[end] == ";":
            end += 1
        return first, end

    def removable(c: ci.Cursor, first: int, end: int, in_class: bool) -> bool:
        name = c.spelling
        if not name.isidentifier() or name in LOOKED_UP:
            return False
        if c.kind == _K.CXX_METHOD:
            ok = in_class and not c.is_virtual_method()
        elif c.kind == _K.FUNCTION_DECL:
            ok = not in_class
        elif c.kind in _CLASSES:
            ok = (not in_class and c.is_definition()
                  and c.semantic_parent is not None
                  and c.semantic_parent.kind in (_K.NAMESPACE, _K.TRANSLATION_UNIT,
                                                 _K.LINKAGE_SPEC)
                  and not any(m.kind == _K.FRIEND_DECL for m in c.get_children())
                  and c.displayname == name)  # not a specialisation (`A<int>`)
        else:
            ok = False
        return ok and all(first <= i < end for i in where.get(name, ()))

    def visit(scope: ci.Cursor, first: int, end: int, in_class: bool, out: list[Segment]
              ) -> None:
        """The segments of the tokens [first, end) of `scope`'s body, appended to `out`."""
        pos, gap = first, []
        for c in scope.get_children():
            if c.location.file is None or c.location.file.name != path:
                continue
            a, b = span(c)
            if a < pos or b > end or a >= b:
                continue  # not a declaration in order (a base specifier in a class head, say)
            gap += spellings[pos:a]
            named = c.spelling if removable(c, a, b, in_class) else ""
            if c.kind in _SCOPES and not named:
                inner = b - 1 if spellings[b - 1] == ";" else b
                nested: list[Segment] = []
                visit(c, a, inner, c.kind != _K.NAMESPACE and c.kind != _K.LINKAGE_SPEC, nested)
                if nested and nested[0][0] is None:  # the scope's head: text
                    gap.append(nested.pop(0)[1])
                if nested:
                    out += [[None, " ".join(gap)]] if gap else []
                    out += nested
                    gap = []
                    if out[-1][0] is None:
                        gap.append(out.pop()[1])
                pos = b
                gap += spellings[inner:b]
                continue
            out += [[None, " ".join(gap)]] if gap else []
            gap = []
            segment: Segment = [named, _digest(spellings[a:b])]
            if named and c.kind in _CLASSES:  # its members, for a finer comparison
                inner = b - 1 if spellings[b - 1] == ";" else b
                members: list[Segment] = []
                visit(c, a, inner, True, members)
                segment.append(members)
            out.append(segment)
            pos = b
        gap += spellings[pos:end]
        if gap:
            out.append([None, " ".join(gap)])

    out: list[Segment] = []
    visit(tu.cursor, 0, len(spellings), False, out)
    return out


def _offsets(tokens: Sequence[ci.Token], spellings: Sequence[str], data: bytes) -> list[int]:
    """Each token's offset: found in `data` after the last one (only blanks lie between
    tokens, comments included), asked of libclang when not there (5x slower)."""
    out, pos = [], 0
    for token, spelling in zip(tokens, spellings):
        at = data.find(spelling.encode(), pos)
        if at < 0 or data[pos:at].strip():
            at = token.location.offset
        out.append(at)
        pos = at + len(spelling.encode())
    return out
