"""The precompiled prelude of a split wrapper (pch.py): units read it instead of the prelude's
text and make the same objects; a second build reuses it; an edit to what it holds rebuilds or
removes it before any unit could read it; launchers and other compilers go without."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import swiggen
from swiggen.compile import pch
from swiggen.compile.toolchain import Compiler, find_compiler
from swiggen.diagnostics import SwiggenError

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def gcc() -> None:
    """Skips a test unless the compiler makes precompiled headers; asked when a test runs, not
    when the module is collected (`-m "not compile"` runs no compiler)."""
    try:
        supported = pch.supported(find_compiler())
    except SwiggenError:
        supported = False
    if not supported:
        pytest.skip("the compiler is not gcc (no precompiled headers)")

HEADER = "#pragma once\nnamespace pc {\n" + "".join(
    f"inline int f{i}(int x) {{ return x + {i}; }}\n" for i in range(24)) + "}\n"

RECORDER = """\
import os, subprocess, sys
if "-c" in sys.argv and "SWIGGEN_TEST_CXX_LOG" in os.environ:
    with open(os.environ["SWIGGEN_TEST_CXX_LOG"], "a") as fh:
        fh.write(os.path.basename(sys.argv[sys.argv.index("-c") + 1]) + "\\n")
sys.exit(subprocess.call(sys.argv[1:]))
"""

ARGS = ("build", "pc.h", "-m", "pc", "-o", "out", "--build-dir", "bld", "-O0", "--units", "5")


def _setup(tmp_path: Path) -> tuple[dict[str, str], Path]:
    (tmp_path / "pc.h").write_text(HEADER)
    (tmp_path / "cxx.py").write_text(RECORDER)
    real = os.environ.get("CXX") or shutil.which("g++") or "c++"
    log = tmp_path / "cxx.log"
    return ({**os.environ, "CXX": f"{sys.executable} {tmp_path / 'cxx.py'} {real}",
             "SWIGGEN_TEST_CXX_LOG": str(log)}, log)


def _compiled(log: Path) -> list[str]:
    names = log.read_text().split() if log.exists() else []
    log.unlink(missing_ok=True)
    return sorted(names)


def _reads_pch(tmp_path: Path, unit: int) -> bool:
    """Whether the unit's own compile command (from its stamp) reads the precompiled prelude:
    gcc -H marks a precompiled header it uses with '!'."""
    stamp = next((tmp_path / "bld" / "obj").glob(f"pc_wrap_{unit}-*.json"))
    command = json.loads(stamp.read_text())["command"]
    proc = subprocess.run([*command, "-H", "-fsyntax-only"], cwd=tmp_path, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr.startswith("! ") and "pc_wrap_prelude.h.gch" in proc.stderr.split("\n")[0]


def _probe(tmp_path: Path, code: str) -> list[str]:
    run = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, 'out'); "
                          "import pc; " + code], cwd=tmp_path, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout.split()


UNITS = [f"pc_wrap_{i}.cxx" for i in range(5)]
PRELUDE = "pc_wrap_prelude.h"


@pytest.mark.usefixtures("gcc")
def test_units_read_the_precompiled_prelude_and_make_the_same_objects(tmp_path: Path) -> None:
    env, log = _setup(tmp_path)
    first = swiggen(*ARGS, cwd=tmp_path, env=env)
    assert first.returncode == 0, first.stderr
    assert "5 compiled" in first.stdout  # objects: the .gch is not one
    assert _compiled(log) == sorted([PRELUDE, *UNITS])
    gch = tmp_path / "bld" / "pc_wrap_prelude.h.gch"
    assert gch.is_file()
    assert all(_reads_pch(tmp_path, unit) for unit in range(1, 5))
    assert _probe(tmp_path, "print(pc.f3(1), pc.f23(x=2))") == ["4", "25"]
    with_pch = {p.name: p.read_bytes() for p in (tmp_path / "bld" / "obj").glob("*.o")}

    # without it (--no-pch removes it): the same objects, byte for byte
    shutil.rmtree(tmp_path / "bld" / "obj")
    second = swiggen(*ARGS, "--no-pch", cwd=tmp_path, env=env)
    assert second.returncode == 0, second.stderr
    assert not gch.exists()
    assert _compiled(log) == sorted(UNITS)
    assert {p.name: p.read_bytes() for p in (tmp_path / "bld" / "obj").glob("*.o")} == with_pch


@pytest.mark.usefixtures("gcc")
def test_a_second_build_reuses_it_and_an_edit_replaces_it(tmp_path: Path) -> None:
    env, log = _setup(tmp_path)
    assert swiggen(*ARGS, cwd=tmp_path, env=env).returncode == 0
    assert PRELUDE in _compiled(log)

    # the objects gone, the prelude unchanged: the units compile, reading the same .gch
    shutil.rmtree(tmp_path / "bld" / "obj")
    again = swiggen(*ARGS, cwd=tmp_path, env=env)
    assert again.returncode == 0, again.stderr
    assert _compiled(log) == sorted(UNITS)
    assert _reads_pch(tmp_path, 3)

    # an enum in the header: every unit compiles again, with a new .gch of the new header (the
    # old one lacks level(): a unit reading it would not compile)
    header = tmp_path / "pc.h"
    header.write_text(HEADER.replace("namespace pc {", "namespace pc {\nenum Level { low = 1, "
                                     "high = 3 };\ninline int level() { return high; }"))
    edited = swiggen(*ARGS, cwd=tmp_path, env=env)
    assert edited.returncode == 0, edited.stderr
    assert _compiled(log) == sorted([PRELUDE, *UNITS])
    assert _reads_pch(tmp_path, 2)
    assert _probe(tmp_path, "print(pc.level(), pc.f1(1))") == ["3", "2"]

    # one function added: two units compile, too few to wait for a new .gch; the stale one is
    # removed before they start (gcc would read it: it does not check the header's text)
    header.write_text(header.read_text().replace("namespace pc {", "namespace pc {\n"
                                                 "inline int extra() { return 7; }"))
    added = swiggen(*ARGS, cwd=tmp_path, env=env)
    assert added.returncode == 0, added.stderr
    assert "2 compiled" in added.stdout
    assert PRELUDE not in _compiled(log)
    assert not (tmp_path / "bld" / "pc_wrap_prelude.h.gch").exists()
    assert _probe(tmp_path, "print(pc.extra(), pc.level())") == ["7", "3"]


def test_launchers_and_other_compilers_go_without() -> None:
    real = shutil.which("g++") or "g++"
    for launcher in ("ccache", "sccache", "distcc", "icecc"):
        assert not pch.supported(Compiler((launcher, real)))
        assert not pch.supported(Compiler((f"/usr/bin/{launcher}", real)))
    assert not pch.supported(Compiler(("/no/such/compiler",)))
    if shutil.which("clang++"):
        assert not pch.supported(Compiler(("clang++",)))
    if shutil.which("g++") and "Free Software Foundation" in subprocess.run(
            ["g++", "--version"], capture_output=True, text=True).stdout:
        assert pch.supported(Compiler(("g++",)))
    ccache_dir = Path("/usr/lib/ccache/g++")
    if ccache_dir.exists():  # Debian's ccache symlinks: the compiler is ccache
        assert not pch.supported(Compiler((str(ccache_dir),)))
