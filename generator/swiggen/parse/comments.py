"""Comments read from a header's text: annotation directives and Doxygen docstrings.

libclang attaches only Doxygen comments to declarations, and plain `//` ones only with
-fparse-all-comments; annotations may be written in either, at the end of a declaration's line
or on the comment lines immediately above it. So we split each line into code and comment here
(aware of string and character literals and of block comments) and let `parse` ask, for a
declaration's lines, which comment belongs to it. This module knows comments, not C++.
"""

from __future__ import annotations

from dataclasses import dataclass

MARKER = "swiggen:"


@dataclass(frozen=True)
class Line:
    code: str  #: the line without its comments, stripped
    comment: str  #: comment text without delimiters (joined if several)
    doc: bool  #: the comment is Doxygen style: ///, //!, /** */, /*! */
    trailing_doc: bool  #: ///< or //!< (documents the declaration on the same line)
    has_comment: bool  #: any comment delimiter or block-comment text on the line


def split_lines(text: str) -> list[Line]:
    """Return one Line per source line (index 0 is line 1)."""
    out: list[Line] = []
    in_block = False
    block_doc = False
    for raw in text.splitlines():
        code: list[str] = []
        comment: list[str] = []
        doc = trailing = False
        has_comment = in_block
        i, n = 0, len(raw)
        quote = ""
        while i < n:
            ch = raw[i]
            if in_block:
                end = raw.find("*/", i)
                piece = raw[i:] if end < 0 else raw[i:end]
                comment.append(_strip_block_line(piece))
                doc = doc or block_doc
                if end < 0:
                    i = n
                else:
                    in_block = False
                    i = end + 2
                continue
            if quote:
                code.append(ch)
                if ch == "\\" and i + 1 < n:
                    code.append(raw[i + 1])
                    i += 2
                    continue
                if ch == quote:
                    quote = ""
                i += 1
                continue
            if ch in "\"'":
                quote = ch
                code.append(ch)
                i += 1
                continue
            if raw.startswith("//", i):
                has_comment = True
                body = raw[i + 2 :]
                if body.startswith(("/<", "!<")):
                    trailing = True
                    doc = True
                    body = body[2:]
                elif body.startswith(("/", "!")) and not body.startswith("//"):
                    doc = True
                    body = body[1:]
                comment.append(body.strip())
                break
            if raw.startswith("/*", i):
                has_comment = True
                in_block = True
                block_doc = raw.startswith(("/**", "/*!"), i) and not raw.startswith("/**/", i)
                i += 3 if block_doc else 2
                if raw.startswith("<", i) and block_doc:
                    trailing = True
                    i += 1
                continue
            code.append(ch)
            i += 1
        out.append(
            Line("".join(code).strip(), "\n".join(comment), doc, trailing, has_comment)
        )
    return out


def _strip_block_line(piece: str) -> str:
    s = piece.strip()
    if s.startswith("*") and not s.startswith("*/"):
        s = s[1:].strip()
    return s


@dataclass(frozen=True)
class Attached:
    """What the comments around one declaration say."""

    doc: str
    annotations: tuple[tuple[int, str], ...]  #: (1-based line, text after `swiggen:`) each


class CommentIndex:
    """Answers: which comments belong to the declaration that starts/ends on these lines?"""

    def __init__(self, text: str) -> None:
        self.lines = split_lines(text)

    def annotation_lines(self) -> tuple[int, ...]:
        return tuple(i + 1 for i, ln in enumerate(self.lines) if MARKER in ln.comment)

    def attached(self, first_line: int, trailing_line: int, above_ok: bool = True) -> Attached:
        """Comments for a declaration spanning `first_line`..: the comment-only lines right above
        `first_line` (unless not `above_ok`), and the comment at the end of `trailing_line`
        (1-based; 0 for none)."""
        above: list[tuple[int, Line]] = []
        i = first_line - 2 if above_ok else -1
        while i >= 0 and not self.lines[i].code and self.lines[i].has_comment:
            above.append((i + 1, self.lines[i]))
            i -= 1
        # A comment-only line that is inside a block comment still counts; an empty line stops.
        above.reverse()
        docs: list[str] = []
        notes: list[tuple[int, str]] = []
        for lineno, ln in above:
            if ln.trailing_doc:
                continue  # documents the declaration above, not this one
            for text_line in ln.comment.splitlines():
                if MARKER in text_line:
                    notes.append((lineno, text_line.split(MARKER, 1)[1].strip()))
                elif ln.doc:
                    docs.append(text_line)
        if 1 <= trailing_line <= len(self.lines):
            ln = self.lines[trailing_line - 1]
            if ln.code and ln.comment:
                if MARKER in ln.comment:
                    notes.append((trailing_line, ln.comment.split(MARKER, 1)[1].strip()))
                elif ln.trailing_doc:
                    docs.append(ln.comment)
        return Attached(_clean_doc(docs), tuple(notes))


def _clean_doc(lines: list[str]) -> str:
    while lines and not lines[0].strip():
        lines = lines[1:]
    while lines and not lines[-1].strip():
        lines = lines[:-1]
    return "\n".join(line.rstrip() for line in lines)
