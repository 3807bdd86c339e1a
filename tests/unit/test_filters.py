"""Template filters and the build's dependency-file reader: pure functions."""

from __future__ import annotations

from pathlib import Path

from swiggen.compile.extension import _read_depfile
from swiggen.render.interface import pystring, swig_string


def test_swig_string_escapes() -> None:
    assert swig_string('say "hi"\\n\nnext') == '"say \\"hi\\"\\\\n\\nnext"'


def test_pystring_single_and_multi_line() -> None:
    assert pystring("One line.") == '"""One line."""'
    assert pystring('ends with "q"') == '"""ends with "q" """'
    assert pystring("a\n\nb", "    ") == '"""a\n\n    b\n    """'
    assert pystring('has """ inside') == '"""has \\"\\"\\" inside"""'


def test_depfile_with_spaces_and_continuations(tmp_path: Path) -> None:
    dep = tmp_path / "x.d"
    dep.write_text("x.o: /src/a\\ b.cpp /inc/c.h \\\n /inc/d\\#e.h $$HOME.h\n")
    assert _read_depfile(dep) == ["/src/a b.cpp", "/inc/c.h", "/inc/d#e.h", "$HOME.h"]
