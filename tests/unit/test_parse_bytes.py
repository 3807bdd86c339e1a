"""The parser reads a header's bytes as libclang counts them: CRLF headers keep their defaults."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions, parse_header

HEADER = (
    "struct Node {\n"
    "    /// The last child named `name`, or the last child.\n"
    "    const char* last( const char* name = 0 ) const;\n"
    "    int scaled(int x, double f = 2.5, const char* unit = \"mm\");\n"
    "};\n"
)


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_defaults_and_docs_survive_any_line_ending(tmp_path: Path, newline: str) -> None:
    header = tmp_path / "node.h"
    header.write_bytes(HEADER.replace("\n", newline).encode())
    diags = Diagnostics()
    parsed = parse_header(str(header), ParseOptions(), diags)
    assert parsed is not None, diags
    (node,) = parsed.classes
    last, scaled = node.methods
    assert [p.default for p in last.params] == ["0"]
    assert [p.default for p in scaled.params] == [None, "2.5", '"mm"']
    assert last.doc == "The last child named `name`, or the last child."
