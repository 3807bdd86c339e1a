"""segments.py and headerdiff.py: which edits to a wrapped header a split unit that does not
name the edited declaration can skip (the rest recompiles every unit that includes it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiggen.compile import headerdiff
from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions, parse_header

BASE = """\
#pragma once
namespace h {
struct Base { virtual ~Base(); virtual int v() const; };
/// A point.
struct Point : Base {
    Point();
    int x = 0;
    int norm() const { return x; }
    int scaled(int k) const;
};
struct Other { int only_here(); };
int helper(int a);
}
"""


def segments(tmp_path: Path, text: str) -> list:
    path = tmp_path / "h.h"
    path.write_text(text)
    header = parse_header(str(path), ParseOptions(), Diagnostics())
    assert header is not None
    return header.segments["segments"]


@pytest.mark.parametrize("edit, changed", [
    (("/// A point.", "/// A point in the plane."), set()),          # comments name nothing
    (("    int scaled(", "    int dist(int a) const;\n    int scaled("), {"dist"}),
    (("    int scaled(", "    int twice() const { return 2 * x; }\n    int scaled("), {"twice"}),
    (("int helper(int a);", "int helper(int a);\nint another(double);"), {"another"}),
    (("int helper(int a);", "int helper(int a);\nstruct Fresh { int f(); };"), {"Fresh"}),
    (("return x; }", "return x + 1; }"), {"norm"}),                 # an inline body
    (("    int x = 0;", "    int x = 0;\n    int y = 0;"), {"Point"}),  # layout
    (("    int scaled(", "    virtual int w() const;\n    int scaled("), {"Point"}),  # vtable
    (("    int scaled(", "    int v() const;\n    int scaled("), {"Point"}),  # overrides
    (("    int scaled(", "    int scaled(double k) const;\n    int scaled("), {"Point"}),
    (("    int scaled(", "    int only_here();\n    int scaled("), {"Point"}),  # not unique
    (("    int scaled(", "    int size() const;\n    int scaled("), {"Point"}),  # looked up
    (("    Point();", "    Point();\n    Point(int);"), {"Point"}),    # a constructor
    (("namespace h {", "#define NORM norm\nnamespace h {"), None),   # names `norm` again
    (("virtual int v() const; };", "virtual int v() const; int u(); };"), {"u"}),
])
def test_what_an_edit_changes(tmp_path: Path, edit: tuple[str, str], changed: set[str] | None
                              ) -> None:
    old = segments(tmp_path, BASE)
    assert BASE.count(edit[0]) == 1
    new = segments(tmp_path, BASE.replace(*edit))
    assert headerdiff.same_for(old, new) == changed
    assert headerdiff.same_for(new, old) == changed  # removing it again


def test_a_unit_is_affected_when_it_spells_a_changed_name_in_code(tmp_path: Path) -> None:
    old = segments(tmp_path, BASE)
    new = segments(tmp_path, BASE.replace("int helper(int a);", "int helper(int a);\n"
                                          "int dist(int a);"))
    unit = tmp_path / "unit.cxx"
    for text, affected in [("int f() { return 1; }", False),
                           ('/* dist */ const char *s = "dist"; // dist', False),
                           ('const char *s = R"x(")x"; int g() { return h::dist(1); }', True),
                           ("int g() { return h::dist(1); }", True)]:
        unit.write_text(text)
        assert headerdiff.unaffected(old, new, [str(unit)]) is not affected, text
    assert not headerdiff.unaffected(old, segments(tmp_path, BASE + "int z;\n"), [])


def test_a_build_reads_each_file_once_and_the_next_build_again(tmp_path: Path) -> None:
    """Every unit of a split module checks the same prelude and headers: a build hashes and
    reads each once (while its size and mtime stay); the next build (forget_hashes, at the
    start of pipeline.build) reads them again, even a file edited to the same size and mtime."""
    import os

    from swiggen.compile import extension

    old = segments(tmp_path, BASE)
    new = segments(tmp_path, BASE.replace("int helper(int a);", "int helper(int a);\n"
                                          "int dist(int a);"))
    unit = tmp_path / "unit.cxx"
    unit.write_text("int g() { return h::dist(1); }")
    stat = unit.stat()
    extension.forget_hashes()
    digest = extension._hash_file(str(unit))
    versions = ("h.h\0old", "new")
    assert not headerdiff.unaffected(old, new, [str(unit)], versions)
    unit.write_text("int g() { return h::list(1); }")  # the same size, the same mtime
    os.utime(unit, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert extension._hash_file(str(unit)) == digest  # this build read it already
    assert not headerdiff.unaffected(old, new, [str(unit)], versions)
    extension.forget_hashes()
    assert extension._hash_file(str(unit)) != digest
    assert headerdiff.unaffected(old, new, [str(unit)], versions)
