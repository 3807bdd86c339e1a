"""`swiggen build` for pyproject.toml modules, the module list itself, and the progress display.

No compiler runs here: these are the quick checks (the builds are in test_setuptools.py).
"""

from __future__ import annotations

import io
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
