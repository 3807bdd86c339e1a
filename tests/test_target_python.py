"""`swiggen build --python PATH`: a module built for another interpreter (PyPy, another CPython).

The target is asked once for its headers, extension suffix and implementation
(toolchain.target_python); switching the target rebuilds, building for the same one again does
not. The PyPy builds need Debian's `pypy3` and `pypy3-dev` (docs/pypy.md).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import swiggen
from swiggen import project
from swiggen.diagnostics import Diagnostics, SwiggenError
from swiggen.compile.toolchain import target_python

PYPY = shutil.which("pypy3")
needs_pypy = pytest.mark.skipif(
    PYPY is None, reason="pypy3 not installed (Debian: apt-get install pypy3 pypy3-dev)")

HEADER = """\
#pragma once
namespace sq {
/// A point on the plane.
struct Pt { double x = 0; double y = 0; };
inline double norm2(const Pt& p) { return p.x * p.x + p.y * p.y; }
}
"""

USE = "import sq; p = sq.Pt(); p.x = 3.0; p.y = 4; print(sq.norm2(p), type(p).__name__)"


def test_this_interpreter_is_asked_nothing() -> None:
    here = target_python("")
    assert here.ext_suffix == sysconfig.get_config_var("EXT_SUFFIX")
    assert here.implementation == sys.implementation.name and not here.is_pypy
    assert here.python == sys.executable
    assert sysconfig.get_paths()["include"] in here.include_dirs


def test_another_interpreter_answers_one_question() -> None:
    asked = target_python(sys.executable)  # the same CPython, named by path: asked in a child
    assert asked.executable == str(Path(shutil.which(sys.executable) or "").absolute())
    assert asked.ext_suffix == sysconfig.get_config_var("EXT_SUFFIX")
    assert asked.include_dirs == target_python("").include_dirs


def test_a_missing_target_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SwiggenError) as info:
        target_python(str(tmp_path / "no-such-python"))
    assert "SG610" in str(info.value) and "no-such-python' not found" in str(info.value)
    (tmp_path / "sq.h").write_text(HEADER)
    proc = swiggen("build", "sq.h", "-m", "sq", "-o", "out", "--python", "nopython3.99",
                   cwd=tmp_path)
    assert proc.returncode == 1
    assert "error SG610: target Python 'nopython3.99' not found" in proc.stderr, proc.stderr


def test_project_modules_name_their_python(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text(
        '[[tool.swiggen.modules]]\nname = "_sq"\nheaders = ["sq.h"]\npython = "pypy3"\n'
        '[[tool.swiggen.modules]]\nname = "_other"\nheaders = ["sq.h"]\npython = 3\n')
    diags = Diagnostics()
    project.load_modules(tmp_path / "pyproject.toml", diags)
    assert [d.message for d in diags.items] == ["'python' of module '_other' must be a string"]
    (tmp_path / "pyproject.toml").write_text(
        '[[tool.swiggen.modules]]\nname = "_sq"\nheaders = ["sq.h"]\npython = "pypy3"\n')
    (mod,) = project.load_modules(tmp_path / "pyproject.toml", diags)
    assert project.build_options(mod).python == "pypy3"
    assert project.build_options(mod, python="python3.12").python == "python3.12"  # --python


def _built(proc: subprocess.CompletedProcess[str]) -> str:
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout.splitlines()[0]


@pytest.mark.compile
@needs_pypy
def test_build_for_pypy_then_cpython_then_pypy(tmp_path: Path) -> None:
    (tmp_path / "sq.h").write_text(HEADER)
    args = ["build", "sq.h", "-m", "sq", "-o", "out", "--build-dir", "b", "-O0"]
    first = _built(swiggen(*args, "--python", "pypy3", cwd=tmp_path))
    assert "1 compiled, linked" in first
    pypy_ext = tmp_path / "out" / f"_sq{target_python('pypy3').ext_suffix}"
    assert pypy_ext.name.startswith("_sq.pypy3") and pypy_ext.exists()
    run = subprocess.run([PYPY or "pypy3", "-c", USE], cwd=tmp_path / "out",
                         capture_output=True, text=True)
    assert run.stdout == "25.0 Pt\n", run.stderr
    # the same target again: nothing to do
    assert "up to date" in _built(swiggen(*args, "--python", "pypy3", cwd=tmp_path))
    # this CPython: a rebuild (its headers), a module of its own next to PyPy's
    assert "1 compiled, linked" in _built(swiggen(*args, cwd=tmp_path))
    run = subprocess.run([sys.executable, "-c", USE], cwd=tmp_path / "out",
                         capture_output=True, text=True)
    assert run.stdout == "25.0 Pt\n", run.stderr
    # and back
    assert "1 compiled, linked" in _built(swiggen(*args, "--python", "pypy3", cwd=tmp_path))
    assert pypy_ext.exists()
