"""digitsep: the text SWIG is given for a header with C++14 digit separators (`1'000`).

SWIG reads the real header (`%include "x.h"`), and its lexer takes the `'` of `1'000` for the
start of a character literal: a default argument `long n = 1'000` or a constant `0b1'0` is a SWIG
syntax error. For such a header SWIG gets a copy with the separators removed from every numeric
literal (same lines, so its messages keep their line numbers; swig.py maps the copy's path back
to the header's). The literals are found by libclang's lexer, not by pattern: a `'` in a
character literal, a string or a comment is never touched. With parse.py, cxxtypes.py,
traits.py, defaults.py, macroscan.py and aliasscan.py, one of the modules that import clang.
"""

from __future__ import annotations

from pathlib import Path

import clang.cindex as ci

_OPTIONS = ci.TranslationUnit.PARSE_SKIP_FUNCTION_BODIES | ci.TranslationUnit.PARSE_INCOMPLETE


def swig_text(path: str | Path) -> bytes | None:
    """The header's bytes with digit separators removed, or None if it has none."""
    data = Path(path).read_bytes()
    if b"'" not in data:
        return None
    # Only the lexer is wanted: no include paths (a missing #include stops the parse, not the
    # tokens), and a standard that has digit separators whatever the module's is.
    tu = ci.Index.create().parse(str(path), args=["-x", "c++", "-std=c++20", "-nostdinc",
                                                  "-nostdinc++"], options=_OPTIONS)
    cuts: list[tuple[int, int]] = []
    for tok in tu.get_tokens(extent=tu.cursor.extent):
        s = tok.spelling
        if tok.kind == ci.TokenKind.LITERAL and "'" in s and (
                s[0].isdigit() or (s[0] == "." and s[1:2].isdigit())):
            cuts.append((tok.extent.start.offset, tok.extent.end.offset))
    if not cuts:
        return None
    out = bytearray()
    last = 0
    for start, end in cuts:
        out += data[last:start] + data[start:end].replace(b"'", b"")
        last = end
    out += data[last:]
    return bytes(out)
