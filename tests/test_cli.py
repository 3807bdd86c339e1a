"""`swiggen build` for pyproject.toml modules, the module list itself, and the progress display.

No compiler runs here: these are the quick checks (the builds are in test_setuptools.py).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, swiggen
from swiggen import project
from swiggen.diagnostics import Diagnostics
from swiggen.progress import ProgressDisplay

SAMPLE = REPO / "tests" / "packages" / "pyproject_only" / "pyproject.toml"


def test_names() -> None:
    assert project.module_name("pkg._geom") == project.module_name("pkg.geom") == "geom"
    assert project.extension_name("pkg.geom") == project.extension_name("pkg._geom") == \
        "pkg._geom"
    assert project.extension_name("geom") == "_geom"


@pytest.mark.parametrize("platform, extra", [("linux", ('ALPHA_PLATFORM="linux"',)),
                                             ("win32", ('ALPHA_PLATFORM="win32"',))])
def test_modules_and_platform_settings(platform: str, extra: tuple[str, ...]) -> None:
    diags = Diagnostics()
    alpha, beta = project.load_modules(SAMPLE, diags, platform=platform)
    assert not diags.items
    assert (alpha.name, alpha.module, alpha.package) == ("twomods._alpha", "alpha", "twomods")
    assert alpha.defines == extra
    assert alpha.libraries == (("ws2_32",) if platform == "win32" else ())
    base = SAMPLE.parent
    assert alpha.headers == (str(base / "native src" / "cœur" / "alpha.h"),)
    assert (beta.module, beta.sources) == ("beta", ())
    spec = project.module_spec(alpha)
    assert (spec.config, spec.config_module) == (str(SAMPLE), "twomods._alpha")


BAD = """\
[tool.swiggen]

[[tool.swiggen.modules]]
name = "pkg._one"
headers = ["one.h"]

[[tool.swiggen.modules]]
name = "pkg.one"
headers = ["one.h"]

[[tool.swiggen.modules]]
name = "pkg.three"
headers = ["three.h"]
colour = "blue"

[tool.swiggen.modules.platform.beos]
libraries = ["be"]

[[tool.swiggen.modules]]
name = "two-three"
headers = ["x.h"]

[[tool.swiggen.modules]]
name = "pkg.four"
"""


def test_bad_module_entries_are_located_errors(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text(BAD)
    diags = Diagnostics()
    project.load_modules(path, diags)
    got = [(d.loc.line, d.code, d.message) for d in diags.sorted()]
    assert got == [
        (8, "SG103", "two modules are named 'one'"),
        (12, "SG103", "unknown key 'colour' in module 'pkg.three'"),
        (12, "SG103", "unknown platform 'beos' in module 'pkg.three'"),
        (20, "SG103", "module name 'two-three' is not a dotted Python name"),
        (24, "SG103", "module 'pkg.four' lists no headers"),
    ], got


def test_build_without_headers_needs_a_module_list(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    proc = swiggen("build", cwd=tmp_path)
    assert proc.returncode == 2
    assert "lists no [[tool.swiggen.modules]]" in proc.stderr


def test_build_with_headers_needs_a_module_name(tmp_path: Path) -> None:
    proc = swiggen("build", "x.h", cwd=tmp_path)
    assert proc.returncode == 2
    assert "-m NAME" in proc.stderr


def test_build_of_an_unknown_project_module(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(SAMPLE.read_text())
    proc = swiggen("build", "-m", "gamma", cwd=tmp_path)
    assert proc.returncode == 1
    assert "pyproject.toml: error SG103: no module 'gamma'" in proc.stderr, proc.stderr


def test_progress_plain_lines() -> None:
    out = io.StringIO()
    show = ProgressDisplay(["alpha", "beta"], out)
    show("alpha", "swig")
    show("beta", "up to date")
    lines = out.getvalue().splitlines()
    assert lines[0] == "[alpha] swig"
    assert lines[1].startswith("[beta] up to date (")


def test_progress_live_table_redraws_in_place() -> None:
    out = io.StringIO()
    show = ProgressDisplay(["alpha", "beta"], out, live=True)
    show("alpha", "swig")
    show("alpha", "compiling alpha.cpp")
    text = out.getvalue()
    assert text.count("\x1b[2F") == 1  # the second update moved back up over both lines
    assert "\x1b[2Kalpha  compiling alpha.cpp\n\x1b[2Kbeta   waiting\n" in text


def test_inspect_lists_keyword_renames(tmp_path: Path) -> None:
    (tmp_path / "kw.h").write_text(
        "namespace kw {\n"
        "struct Node {\n"
        "    bool is(const Node& o) const;\n"
        "    bool in(int) const;  // swiggen: rename(has)\n"
        "};\n"
        "int lambda(int x);\n"
        "}\n")
    proc = swiggen("inspect", "kw.h", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "    is_(o: Node) -> bool" in proc.stdout
    assert "  def lambda_(x: int) -> int" in proc.stdout
    assert "renamed by swiggen:\n" \
        "  kw::Node::is -> is_ ('is' is a Python keyword)\n" \
        "  kw::lambda -> lambda_ ('lambda' is a Python keyword)\n" in proc.stdout
    assert "kw::Node::in ->" not in proc.stdout  # the rename directive wins, and is listed
    assert "    has(arg0: int) -> bool" in proc.stdout
    assert "kw.h:4: rename(has)" in proc.stdout


# --- a single-module build as a user runs it: stages, quiet, warnings, --sources ------------

GEO_H = """namespace geo {
double circle_area(double r, int precision = 6);
template <class T> struct Box { T value; };
}
"""
GEO_CPP = '#include "geo.h"\nnamespace geo { double circle_area(double r, int) { return 3 * r * r; } }\n'


def _geo(folder: Path, broken: bool = False) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "geo.h").write_text(GEO_H)
    (folder / "geo.cpp").write_text(GEO_CPP)
    if broken:
        (folder / "bad.cpp").write_text("int broken(\n")
    return folder


def _on_a_terminal(args: list[str], cwd: Path) -> tuple[int, str]:
    """Run swiggen with a pseudo-terminal as its stdout and stderr; (status, what it drew)."""
    import os
    import pty
    import subprocess
    import sys

    leader, follower = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "swiggen", *args], cwd=cwd,
                            stdout=follower, stderr=follower, stdin=subprocess.DEVNULL)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(leader)
    return proc.wait(timeout=600), b"".join(chunks).decode()


@pytest.mark.compile
def test_build_shows_its_stages_on_a_terminal(tmp_path: Path) -> None:
    status, shown = _on_a_terminal(
        ["build", "geo.h", "--sources", "geo.cpp", "-m", "geo", "-o", "out"], _geo(tmp_path))
    assert status == 0, shown
    redraws = [line.split("\x1b[2K")[-1].strip() for line in shown.splitlines()
               if "\x1b[2K" in line]
    stages = [r.split("  ", 1)[1] for r in redraws]
    # the user's sources compile while SWIG runs: their order with SWIG's varies
    compiles = [s for s in stages if s.startswith("compiling ")]
    assert stages[0] == "parsing" and "swig" in stages, stages
    assert sorted(c.split(" (")[0] for c in compiles) == ["compiling geo.cpp",
                                                          "compiling geo_wrap.cxx"], stages
    assert compiles[-1].endswith(" (2/2)"), stages  # k of the N compiles known so far
    assert stages[-2:-1] == ["linking"] and stages[-1].startswith("done ("), stages
    assert "built geo in " in shown and "warning SG303" in shown
    # again: nothing to do, and the one line says so
    status, shown = _on_a_terminal(
        ["build", "geo.h", "--sources", "geo.cpp", "-m", "geo", "-o", "out"], tmp_path)
    assert status == 0 and "geo  up to date (" in shown and "compiling" not in shown, shown
    # -q: warnings only
    status, shown = _on_a_terminal(
        ["build", "geo.h", "--sources", "geo.cpp", "-m", "geo", "-o", "out", "-q"], tmp_path)
    assert status == 0, shown
    assert [line for line in shown.splitlines() if line.strip()] == [
        "geo.h:3: warning SG303: class template 'geo::Box' is not wrapped — add 'swiggen: "
        "template(PyName, T)' naming the types to instantiate it for"], shown


@pytest.mark.compile
def test_build_in_a_pipe_prints_no_stages(tmp_path: Path) -> None:
    proc = swiggen("build", "geo.h", "--sources", "geo.cpp", "-m", "geo", "-o", "out",
                   cwd=_geo(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines() == [
        "geo.h:3: warning SG303: class template 'geo::Box' is not wrapped — add 'swiggen: "
        "template(PyName, T)' naming the types to instantiate it for"]
    assert proc.stdout.startswith("built geo in ")
    quiet = swiggen("build", "geo.h", "--sources", "geo.cpp", "-m", "geo", "-o", "out", "-q",
                    cwd=tmp_path)
    assert quiet.returncode == 0 and quiet.stdout == "", quiet.stdout


@pytest.mark.compile
def test_warnings_are_printed_when_a_later_stage_fails(tmp_path: Path) -> None:
    proc = swiggen("build", "geo.h", "--sources", "geo.cpp", "bad.cpp", "-m", "geo", "-o", "out",
                   cwd=_geo(tmp_path, broken=True))
    assert proc.returncode == 1
    lines = proc.stderr.splitlines()
    assert lines[0].startswith("geo.h:3: warning SG303: class template 'geo::Box'"), lines
    assert lines[1].startswith("swiggen: error SG403: compiling ") and "bad.cpp" in lines[1]
    assert any("bad.cpp:1:" in line and "error" in line for line in lines[2:]), lines
    # a source that does not exist: the warnings, then the error (nothing is built)
    proc = swiggen("build", "geo.h", "--sources", "geo.cpp", "gone.cpp", "-m", "geo",
                   "-o", "out", cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[0].startswith("geo.h:3: warning SG303"), proc.stderr
    assert "gone.cpp: error SG101: source file 'gone.cpp' not found" in proc.stderr


@pytest.mark.compile
def test_headers_written_after_sources_are_wrapped(tmp_path: Path) -> None:
    proc = swiggen("build", "--sources", "geo.cpp", "geo.h", "-m", "geo", "-o", "out",
                   cwd=_geo(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.splitlines()[0] == (
        "swiggen: note: 'geo.h' (after --sources) is a header: wrapping it, not compiling it "
        "(write headers before --sources to silence this)")
    check = subprocess.run([sys.executable, "-c", "import geo; print(geo.circle_area(2.0))"],
                           cwd=tmp_path / "out", capture_output=True, text=True)
    assert check.stdout == "12.0\n", check.stderr


@pytest.mark.parametrize("args", [["--sources", "a.cpp"], ["-m", "geo"], ["-I", "inc"], []])
def test_build_without_headers_does_not_blame_a_pyproject(tmp_path: Path,
                                                          args: list[str]) -> None:
    proc = swiggen("build", *args, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("swiggen: error: no HEADER given: swiggen build HEADER... "
                                  "-m NAME"), proc.stderr
