"""parse/umbrella.py: which headers an umbrella stands for, and the pattern SG104 suggests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions, parse_header
from swiggen.parse.umbrella import glob_hint


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _includes(header: Path, system_dirs: tuple[str, ...] = ()) -> list[str]:
    diags = Diagnostics()
    # (a system folder is on the include path, as /usr/include is)
    options = ParseOptions(include_dirs=system_dirs, system_dirs=system_dirs)
    parsed = parse_header(str(header), options, diags)
    assert parsed is not None, [str(d) for d in diags.items]
    return [os.path.relpath(p, header.parent) for p in parsed.library_includes]


def test_an_umbrella_in_a_system_folder_owns_only_its_subfolders(tmp_path: Path) -> None:
    """/usr/include/lib.h: <stdio.h> beside it and <sys/types.h> below it are the C library's,
    lib/part.h its own."""
    root = tmp_path / "include"
    _write(root, {
        "lib.h": '#include "stdish.h"\n#include "sys/typesish.h"\n#include "lib/part.h"\n'
                 '#include "lib/more.h"\n',
        "stdish.h": "#pragma once\ntypedef int std_int;\n",
        "sys/typesish.h": "#pragma once\ntypedef long sys_long;\n",
        "lib/part.h": "#ifndef PART_H\n#define PART_H\nstruct Part { int n; };\n#endif\n",
        "lib/more.h": "#pragma once\nstruct More { int n; };\n",
    })
    assert _includes(root / "lib.h", (str(root),)) == ["lib/part.h", "lib/more.h"]
    # in a folder of its own, everything from that folder or below is the library's
    assert _includes(root / "lib.h", ()) == ["stdish.h", "sys/typesish.h", "lib/part.h",
                                         "lib/more.h"]


def test_a_file_without_include_guard_is_part_of_its_includer(tmp_path: Path) -> None:
    """glm's exponential.hpp includes detail/func_exponential.inl, its bodies, unguarded: not a
    header of its own (the wrapper, including it after the umbrella, would define it twice)."""
    root = tmp_path / "inc"
    _write(root, {
        "lib.h": '#pragma once\n#include "lib/exp.hpp"\n#include "lib/exp.inl"\n',
        "lib/exp.hpp": "#pragma once\nint twice(int);\n",
        "lib/exp.inl": "inline int twice(int v) { return 2 * v; }\n",
    })
    assert _includes(root / "lib.h", ()) == ["lib/exp.hpp"]


def test_an_unguarded_shim_stands_for_what_it_includes(tmp_path: Path) -> None:
    """pqxx/pqxx includes pqxx/array (no guard), which includes pqxx/array.hxx (guarded)."""
    root = tmp_path / "inc"
    _write(root, {
        "lib/all": '#include "lib/array"\n#include "lib/row"\n',
        "lib/array": '#include "lib/pre.hxx"\n#include "lib/array.hxx"\n',
        "lib/row": '#include "lib/pre.hxx"\n#include "lib/row.hxx"\n#include "lib/array"\n',
        "lib/pre.hxx": "// no guard: included before each header\n",
        "lib/array.hxx": "#pragma once\nstruct Array { int n; };\n",
        "lib/row.hxx": "#pragma once\nstruct Row { int n; };\n",
    })
    assert _includes(root / "lib" / "all", (str(root),)) == ["array.hxx", "row.hxx"]


def test_the_suggested_pattern_has_the_librarys_extension() -> None:
    assert glob_hint("inc", ["geo/a.hpp", "geo/b.hpp", "geo/c.h"]) == "inc/geo/*.hpp"
    assert glob_hint("", ["parts/a.hh", "parts/sub/b.hh"]) == "parts/*.hh"
    assert glob_hint("/usr/include", ["glibish/a.h"]) == "/usr/include/glibish/*.h"
    # headers without an extension (Eigen's Core, Dense): named, not globbed
    assert glob_hint("Eigen", ["Core", "LU"]) == "Eigen/Core Eigen/LU"


UMBRELLAS = Path(__file__).resolve().parent.parent / "umbrella"


def _generate(case: str, header: str, module: str, tmp_path: Path,
              capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    from swiggen import cli

    old = os.getcwd()
    os.chdir(UMBRELLAS / case)
    try:
        status = cli.main(["generate", header, "-m", module, "-o", str(tmp_path), *extra])
    finally:
        os.chdir(old)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_an_umbrella_alone_wraps_its_library(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The user who names an umbrella means its library: its headers are wrapped in its place
    (each gets its view), with one SG104 note naming them and the pattern to choose instead."""
    status, _, err = _generate("header_only", "lib.h", "lib", tmp_path, capsys)
    assert status == 0, err
    assert err.splitlines() == [
        "lib.h:1: warning SG104: 'lib.h' declares nothing itself: wrapping the headers of its "
        "library it includes in its place (parts/shapes.h, parts/world.h) — to choose, name "
        "the headers to wrap (e.g. parts/*.h), in any order"]
    assert sorted(p.name for p in (tmp_path / "lib.decls").iterdir()) == [
        "lib.h", "shapes.h", "world.h"]
    interface = (tmp_path / "lib.i").read_text()
    assert '%include "lib.decls/shapes.h"' in interface
    assert '%include "lib.decls/world.h"' in interface


def test_an_umbrella_of_hpp_headers(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _generate("hpp", "inc/geo.hpp", "geo", tmp_path, capsys)
    assert status == 0, err
    assert "(e.g. inc/geo/*.hpp)" in err and "(geo/point.hpp, geo/shape.hpp)" in err
    assert {"point.hpp", "shape.hpp"} <= {p.name for p in (tmp_path / "geo.decls").iterdir()}


def test_strict_makes_the_note_an_error(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _generate("header_only", "lib.h", "lib", tmp_path, capsys, "--strict")
    assert status == 1 and "error SG104" in err


def test_a_header_of_an_umbrella_that_does_not_parse_alone_is_read_through_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """parts/uses_vector.h relies on the umbrella having included <vector> (pqxx/internal/*,
    xapian's headers that refuse to be included but through xapian.h): it is parsed as the
    umbrella includes it (ParseOptions.within), and the wrapper includes the umbrella first."""
    status, _, err = _generate("needy", "lib.h", "needy", tmp_path, capsys)
    assert status == 0, err
    assert "does not parse alone" not in err
    views = {p.name for p in (tmp_path / "needy.decls").iterdir()}
    assert {"ok.h", "uses_vector.h"} <= views
    interface = (tmp_path / "needy.i").read_text()
    assert "first(const std::vector< int > & v)" in \
        (tmp_path / "needy.decls" / "uses_vector.h").read_text().replace("std::vector<int>",
                                                                          "std::vector< int >")
    assert interface.index('#include "lib.h"') < interface.index('#include "uses_vector.h"')
