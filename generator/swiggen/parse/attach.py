"""attach: which comment belongs to which declaration, and which annotations were used (parse).

`comments.py` splits a header's lines into code and comment and knows nothing of C++; the walker
(walker.py) knows cursors and nothing of comments. `Attachments.attached` gives a declaration's
cursor its Doxygen text and its parsed `swiggen:` directives, remembering the lines it consumed,
so that `report_unattached` can make every annotation no declaration took an error (SG206).
"""

from __future__ import annotations

import clang.cindex as ci

from ..diagnostics import Diagnostics, Loc
from ..model import Directive
from . import comments
from .annotations import parse_directives


class Attachments:
    def __init__(self, path: str, data: bytes, diags: Diagnostics) -> None:
        self.path = path
        self.diags = diags
        self.comments = comments.CommentIndex(data.decode("utf-8", errors="replace"))
        #: the lines of the annotations a declaration took
        self.consumed: set[int] = set()
        #: lines holding the name of a declaration with a body (class, enum): a member on the
        #: same line must not take that declaration's comments
        self.body_lines: set[int] = set()

    def attached(self, c: ci.Cursor, body: bool) -> tuple[str, tuple[Directive, ...]]:
        """Doc text and directives for cursor `c` (`body`: it has a { } body, so its trailing
        comment is on the line of its name, not of its end)."""
        first = c.extent.start.line
        trailing = c.location.line if body else c.extent.end.line
        if trailing in self.body_lines:
            trailing = 0
        att = self.comments.attached(first, trailing, above_ok=first not in self.body_lines)
        if body:
            self.body_lines.add(c.location.line)
        directives: list[Directive] = []
        for line, text in att.annotations:
            self.consumed.add(line)
            directives += parse_directives(text, Loc(self.path, line), self.diags)
        return att.doc, tuple(directives)

    def report_unattached(self) -> None:
        for line in self.comments.annotation_lines():
            if line not in self.consumed:
                self.diags.error(
                    Loc(self.path, line), "SG206",
                    "'swiggen:' annotation is not attached to a public declaration",
                    "write it at the end of the declaration's line or on the comment lines "
                    "directly above it (no blank line between)",
                )
