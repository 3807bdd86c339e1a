"""An umbrella header named alone builds its library's module (parse/umbrella.py), and a
rebuild with nothing changed does nothing (the headers it stands for are in the parse stamp)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, swiggen

pytestmark = pytest.mark.compile


def test_an_umbrella_builds_its_library(tmp_path: Path) -> None:
    shutil.copytree(REPO / "tests" / "umbrella" / "header_only", tmp_path / "lib")
    work = tmp_path / "lib"
    proc = swiggen("build", "lib.h", "-m", "lib", "-o", "out", cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert "warning SG104" in proc.stderr
    check = "import lib; assert lib.Shape().r == 1.0; print(sorted(dir(lib)))"
    run = subprocess.run([sys.executable, "-c", check], cwd=work / "out", capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
    again = swiggen("build", "lib.h", "-m", "lib", "-o", "out", cwd=work)
    assert again.returncode == 0 and "up to date" in again.stdout, again.stdout + again.stderr
    assert "warning SG104" in again.stderr


def test_a_header_read_through_its_umbrella_builds(tmp_path: Path) -> None:
    """needy/parts/uses_vector.h does not compile alone: the wrapper includes lib.h first."""
    shutil.copytree(REPO / "tests" / "umbrella" / "needy", tmp_path / "needy")
    work = tmp_path / "needy"
    proc = swiggen("build", "lib.h", "-m", "needy", "-o", "out", "--strict", cwd=work)
    assert proc.returncode == 1 and "error SG104" in proc.stderr  # (a note, strict)
    proc = swiggen("build", "lib.h", "-m", "needy", "-o", "out", cwd=work)
    assert proc.returncode == 0, proc.stderr
    check = "import needy; assert needy.first([7, 8]) == 7 and needy.answer() == 42"
    run = subprocess.run([sys.executable, "-c", check], cwd=work / "out", capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr


def test_an_umbrella_scoping_its_macros_builds(tmp_path: Path) -> None:
    """The wrapper includes scoped/lib.h before its parts, which rely on its macros."""
    shutil.copytree(REPO / "tests" / "umbrella" / "scoped", tmp_path / "scoped")
    work = tmp_path / "scoped"
    proc = swiggen("build", "lib.h", "-m", "scoped", "-o", "out", cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert "SG420" not in proc.stderr, proc.stderr
    check = "import scoped; assert scoped.escaped('a~b') == 'a~0b'; assert scoped.position(5) == 1"
    run = subprocess.run([sys.executable, "-c", check], cwd=work / "out", capture_output=True,
                         text=True)
    assert run.returncode == 0, run.stderr
