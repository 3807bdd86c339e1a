"""`swiggen.load` and the `%%swiggen` cell magic (generator/swiggen/loader.py, magic.py): a real
build, cached by content under SWIGGEN_CACHE_DIR, imported under a package of its own.

Builds are few (each is a real SWIG + compile): one project loaded once per module and shared,
an edit of the header it includes, a header of the same name elsewhere, and two cells.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
import swiggen
from conftest import swiggen as run_swiggen
from swiggen import magic

pytestmark = pytest.mark.compile

VEC_H = """\
#pragma once
#include "detail.h"

namespace v {
/// The sum of a and b, times the factor of detail.h.
int add(int a, int b);
struct Point { int x = 0; int y = 0; };
int norm1(const Point& p);
}  // namespace v
"""
DETAIL_H = "#pragma once\nnamespace v { constexpr int kFactor = 1; }\n"
VEC_CPP = """\
#include "vec.h"
namespace v {
int add(int a, int b) { return (a + b) * kFactor; }
int norm1(const Point& p) { return (p.x < 0 ? -p.x : p.x) + (p.y < 0 ? -p.y : p.y); }
}  // namespace v
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A header including another, a source; SWIGGEN_CACHE_DIR in a fresh folder, and a working
    folder without a pyproject.toml."""
    root = tmp_path_factory.mktemp("load")
    (root / "src").mkdir()
    (root / "src" / "vec.h").write_text(VEC_H)
    (root / "src" / "detail.h").write_text(DETAIL_H)
    (root / "src" / "vec.cpp").write_text(VEC_CPP)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SWIGGEN_CACHE_DIR", str(root / "cache"))
        mp.chdir(root)
        yield root


def _load(project: Path, **options: object) -> ModuleType:
    return swiggen.load(project / "src" / "vec.h", [project / "src" / "vec.cpp"], optimize="0",
                        **options)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def vec(project: Path) -> ModuleType:
    return _load(project)


def _extensions(project: Path) -> dict[Path, int]:
    """Every built extension of the cache, with its mtime."""
    return {p: p.stat().st_mtime_ns for p in (project / "cache").rglob("_vec*.so")}


def test_load_builds_and_imports_the_module(vec: ModuleType) -> None:
    assert vec.add(2, 3) == 5
    assert vec.norm1(vec.Point(x=-2, y=3)) == 5
    with pytest.raises(TypeError, match="add"):
        vec.add("two", 3)
    # a package of its own: no top-level `vec` module
    assert vec.__name__.endswith(".vec") and vec.__name__.startswith("_swiggen_vec_")
    assert "vec" not in sys.modules


def test_a_second_load_is_the_cached_module(project: Path, vec: ModuleType) -> None:
    before = _extensions(project)
    assert _load(project) is vec
    # a new process finds the built module: no build, nothing printed
    code = ("import swiggen, sys; m = swiggen.load(sys.argv[1], [sys.argv[2]], optimize='0');"
            " print(m.__file__, m.add(1, 1))")
    proc = subprocess.run([sys.executable, "-c", code, str(project / "src" / "vec.h"),
                           str(project / "src" / "vec.cpp")], cwd=project,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert proc.stdout.split() == [vec.__file__, "2"]
    assert _extensions(project) == before


def test_editing_an_included_header_rebuilds(project: Path, vec: ModuleType) -> None:
    detail = project / "src" / "detail.h"
    before = set(_extensions(project))
    detail.write_text(DETAIL_H.replace("kFactor = 1", "kFactor = 10"))
    try:
        edited = _load(project)
    finally:
        detail.write_text(DETAIL_H)
    assert edited is not vec and edited.add(2, 3) == 50
    assert vec.add(2, 3) == 5  # the first build is still loaded, and unchanged
    assert len(set(_extensions(project)) - before) == 1
    # their classes are apart: each module takes its own Points only
    assert edited.norm1(edited.Point(x=1, y=1)) == 2
    with pytest.raises(TypeError, match="norm1"):
        edited.norm1(vec.Point(x=1, y=1))
    # back as it was: the first build again, from the cache
    assert _load(project) is vec


def test_headers_of_one_name_in_two_folders_do_not_clash(project: Path,
                                                         vec: ModuleType) -> None:
    other = project / "other"
    other.mkdir()
    (other / "vec.h").write_text("#pragma once\ninline int add(int a, int b) { return a - b; }\n")
    # (and annotations given as a dict, in place of a config file)
    second = swiggen.load(other / "vec.h", optimize="0", annotations={"add": "rename(minus)"})
    assert second.minus(2, 3) == -1 and vec.add(2, 3) == 5
    assert not hasattr(second, "add")
    assert second.__name__ != vec.__name__ and second.__name__.endswith(".vec")


def test_a_bad_header_raises_build_error_as_the_cli_says_it(project: Path) -> None:
    bad = project / "bad.h"
    bad.write_text("#pragma once\n\n// swiggen: frobnicate\nint f(int x);\n")
    with pytest.raises(swiggen.BuildError) as e:
        swiggen.load(bad)
    message = str(e.value)
    assert message.startswith(f"{bad}:3: error SG201: unknown directive 'frobnicate'")
    assert [(d.loc.file, d.loc.line, d.code) for d in e.value.diagnostics] == [
        (str(bad), 3, "SG201")]
    assert message in e.value.log
    cli = run_swiggen("build", str(bad), "-m", "bad", "-o", "out", cwd=project)
    assert cli.returncode == 1 and cli.stderr.strip() == message
    assert isinstance(e.value, Exception)


CELL = """\
// swiggen: rename(area)
inline double rect_area(double w, double h) { return w * h; }
inline int twice(int x) { return 2 * x; }
"""


def test_the_cell_magic_builds_once_and_pushes_its_names(
        project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ns: dict[str, object] = {}
    magic.run_cell("-m shapes -O0", CELL, ns)
    shapes = ns["shapes"]
    assert isinstance(shapes, ModuleType)
    assert ns["area"](2.0, 3.0) == 6.0 and ns["twice"](4) == 8  # type: ignore[operator]
    assert "rect_area" not in ns and not any(k.startswith("_") for k in ns)
    built = {p: p.stat().st_mtime_ns for p in (project / "cache").rglob("_shapes*.so")}
    again: dict[str, object] = {}
    magic.run_cell("-m shapes -O0", CELL, again)
    assert again["shapes"] is shapes
    assert {p: p.stat().st_mtime_ns for p in (project / "cache").rglob("_shapes*.so")} == built
    # an edited cell: built again, its new names in, its warnings located in the cell
    capsys.readouterr()
    magic.run_cell("-m shapes -O0", CELL + "inline int thrice(int x) { return 3 * x; }\n"
                   "inline int first(int n, ...) { return n; }\n", ns)
    assert ns["shapes"] is not shapes and ns["thrice"](2) == 6  # type: ignore[operator]
    assert "<cell>:5: warning SG331: 'first(int,...)' is not wrapped" in capsys.readouterr().err
    # a bad cell: located in the cell, as the CLI words it
    with pytest.raises(swiggen.BuildError) as e:
        magic.run_cell("-m shapes", "inline int f(int x) { return x; }\n// swiggen: frobnicate\n"
                       "inline int g(int x) { return x; }\n", {})
    assert str(e.value).startswith("<cell>:2: error SG201: unknown directive 'frobnicate'")
    assert [(d.loc.file, d.loc.line) for d in e.value.diagnostics] == [("<cell>", 2)]
    with pytest.raises(ValueError, match="--nonsense"):
        magic.run_cell("-m shapes --nonsense", CELL, {})


def test_the_cell_magic_in_ipython(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ipython = pytest.importorskip("IPython")
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    assert ipython.version_info >= (7,)
    shell.run_line_magic("load_ext", "swiggen")
    result = shell.run_cell(f"%%swiggen -m shapes -O0\n{CELL}")
    assert result.success, result.error_in_exec
    assert shell.user_ns["area"](2.0, 5.0) == 10.0
    assert shell.user_ns["shapes"].twice(3) == 6
    capsys.readouterr()
    result = shell.run_cell("%%swiggen -m broken\n// swiggen: frobnicate\nint f(int x);\n")
    out = capsys.readouterr()
    assert not result.success
    shown = out.out + out.err
    assert "<cell>:1: error SG201: unknown directive 'frobnicate'" in shown
    assert "Traceback" not in shown and "loader.py" not in shown


def test_swiggen_import_stays_lazy() -> None:
    code = ("import sys, swiggen; print(sorted(m for m in sys.modules if m.startswith('swiggen')"
            " ))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, env={**os.environ})
    assert proc.stdout.strip() == "['swiggen', 'swiggen._version']"
