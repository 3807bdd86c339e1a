"""The PyPy tier: the case tests run under PyPy against PyPy builds of the case modules.

swiggen itself runs on CPython; the modules are built for PyPy with `swiggen build --python`
(tests/conftest.py does so when pytest runs under PyPy). Here, from the CPython suite, a PyPy
with pytest runs each case folder's tests in a child process, and `cpp/demo.py` must print the
same under both interpreters.

Which PyPy: $SWIGGEN_TEST_PYPY (a PyPy with pytest, and numpy for the array cases), else
`pypy3` on PATH. Skipped, saying what to install, without one (docs/pypy.md, "Testing").
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CASES, REPO, swiggen

PYPY = os.environ.get("SWIGGEN_TEST_PYPY") or shutil.which("pypy3") or ""


def _has(module: str) -> bool:
    return bool(PYPY) and subprocess.run([PYPY, "-c", f"import {module}"],
                                         capture_output=True).returncode == 0


needs_pypy = pytest.mark.skipif(
    not PYPY, reason="no PyPy: apt-get install pypy3 pypy3-dev (or set SWIGGEN_TEST_PYPY)")
needs_pypy_pytest = pytest.mark.skipif(
    not _has("pytest"),
    reason="no PyPy with pytest: pypy3 -m venv DIR && DIR/bin/pip install pytest numpy, then "
           "SWIGGEN_TEST_PYPY=DIR/bin/python (docs/pypy.md)")

#: the case folders whose tests run under PyPy (those about CPython's own machinery are not:
#: goldens, stubs and leak counts do not depend on the interpreter the module runs in)
CASE_DIRS = sorted({p.parent.name for p in CASES.glob("*/test_*.py")})


@pytest.mark.compile
@needs_pypy
@needs_pypy_pytest
@pytest.mark.parametrize("case", CASE_DIRS)
def test_case_tests_pass_under_pypy(case: str, tmp_path: Path) -> None:
    env = {**os.environ, "SWIGGEN_TEST_GENERATOR": sys.executable}
    env.pop("PYTEST_XDIST_WORKER", None)
    proc = subprocess.run(
        [PYPY, "-m", "pytest", str(CASES / case), "-q", "-p", "no:cacheprovider",
         "--basetemp", str(tmp_path / "pypy")],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=1200)
    if proc.returncode == 5:  # every test of the folder is CPython-only
        return
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


@pytest.mark.compile
@needs_pypy
def test_demo_prints_the_same_under_pypy(tmp_path: Path) -> None:
    args = ["build", "cpp/example.h", "--sources", "cpp/example.cpp", "-m", "example",
            "-o", str(tmp_path / "out"), "--build-dir", str(tmp_path / "b"), "-O1", "-q"]
    for target in ([], ["--python", PYPY]):
        proc = swiggen(*args, *target, cwd=REPO)
        assert proc.returncode == 0, proc.stderr
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "out")}
    runs = [subprocess.run([python, str(REPO / "cpp" / "demo.py")], env=env, cwd=tmp_path,
                           capture_output=True, text=True) for python in (sys.executable, PYPY)]
    assert runs[0].returncode == 0 and runs[1].returncode == 0, runs[1].stderr
    assert "checked_sqrt(-1) raised ValueError" in runs[0].stdout
    assert runs[1].stdout == runs[0].stdout


PROJECT_CHECK = """
import sys
from twomods import alpha, beta
assert alpha.add(2) == 3 and alpha.add(2, b=5) == 7 and beta.triple(2.0) == 6.0
m = beta.doubled(alpha.Meters(value=1.5))  # one type shared by the two modules
assert type(m) is alpha.Meters and m.value == 3.0, m
print(sys.implementation.name)
"""


@pytest.mark.compile
@needs_pypy
def test_project_modules_build_for_pypy_with_swiggen_build(tmp_path: Path) -> None:
    """The setuptools hook does not run under PyPy (docs/setuptools.md, "PyPy"): a project's
    modules are built for PyPy by CPython's `swiggen build` (no headers), with `python = ...`
    in their `[[tool.swiggen.modules]]` entries, into the package folder, where PyPy imports
    them."""
    project = tmp_path / "proj"
    shutil.copytree(REPO / "tests" / "packages" / "pyproject_only", project,
                    ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    toml = project / "pyproject.toml"
    entry = "[[tool.swiggen.modules]]\n"
    assert toml.read_text().count(entry) == 2
    toml.write_text(toml.read_text().replace(entry, f"{entry}python = {json.dumps(PYPY)}\n"))
    proc = swiggen("build", "-O1", cwd=project)
    assert proc.returncode == 0, proc.stderr
    built = sorted(p.name for p in (project / "twomods").glob("_*.so"))
    # each with its cffi module for the free functions (docs/pypy.md, "Calls through cffi")
    assert [n.split(".")[0] for n in built] == ["_alpha", "_alpha_cffi", "_beta", "_beta_cffi"]
    assert all(".pypy" in name for name in built), built
    run = subprocess.run([PYPY, "-c", PROJECT_CHECK], cwd=project, capture_output=True,
                         text=True)
    assert run.returncode == 0 and run.stdout == "pypy\n", run.stderr
    # --no-pypy-cffi: the cffi modules are gone, the C API path answers the same
    proc = swiggen("build", "-O1", "--no-pypy-cffi", cwd=project)
    assert proc.returncode == 0, proc.stderr
    built = sorted(p.name.split(".")[0] for p in (project / "twomods").glob("_*.so"))
    assert built == ["_alpha", "_beta"]
    run = subprocess.run([PYPY, "-c", PROJECT_CHECK], cwd=project, capture_output=True,
                         text=True)
    assert run.returncode == 0 and run.stdout == "pypy\n", run.stderr


@pytest.mark.compile
@needs_pypy
def test_a_pypy_without_cffi_keeps_the_c_api_path(tmp_path: Path) -> None:
    """Built for a PyPy whose `import cffi` fails, a module has no `_NAME_cffi`: warning SG611
    says so once, and the functions are the C API's (docs/pypy.md, "Calls through cffi")."""
    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "cffi.py").write_text("raise ImportError('no cffi here')\n")
    wrapper = tmp_path / "pypy-without-cffi"
    wrapper.write_text(f'#!/bin/sh\nPYTHONPATH={hide} exec {PYPY} "$@"\n')
    wrapper.chmod(0o755)
    case = CASES / "pypy_cffi"
    out = tmp_path / "out"
    proc = swiggen("build", "pypy_cffi.h", "--sources", "pypy_cffi.cpp", "-m", "pypy_cffi",
                   "-o", str(out), "--build-dir", str(tmp_path / "b"), "-O1",
                   "--python", str(wrapper), cwd=case)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.count("SG611") == 1 and "has no cffi" in proc.stderr, proc.stderr
    assert not list(out.glob("_pypy_cffi_cffi*"))
    check = ("import types, pypy_cffi as m; assert m._swiggen_cffi is None; "
             "assert not isinstance(m.add, types.FunctionType); assert m.add(2, 3) == 5; "
             "print('ok')")
    run = subprocess.run([PYPY, "-c", check], cwd=out, capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout == "ok\n", run.stderr


SPLIT_CHECK = """
import threading, types, pypy_cffi as m
assert m._swiggen_cffi is not None and isinstance(m.bump, types.FunctionType)
m.reset_bumps()
threads = [threading.Thread(target=lambda: [m.bump() for _ in range(20000)]) for _ in range(2)]
[t.start() for t in threads]
[t.join() for t in threads]
assert m.bumps() == 40000, m.bumps()
try:
    m.checked(-1)
except IndexError as e:
    assert str(e) == "checked: negative index"
print("ok")
"""


@pytest.mark.compile
@needs_pypy
def test_the_cffi_path_of_a_split_wrapper(tmp_path: Path) -> None:
    """A wrapper split into units (swig/split.py) compiles the cffi runtime in every unit and
    each shim in its function's unit: it links split (no SG502), with one lock for the module
    (docs/pypy.md)."""
    out = tmp_path / "out"
    proc = swiggen("build", "pypy_cffi.h", "--sources", "pypy_cffi.cpp", "-m", "pypy_cffi",
                   "-o", str(out), "--build-dir", str(tmp_path / "b"), "-O1", "--units", "3",
                   "--python", PYPY, cwd=CASES / "pypy_cffi")
    assert proc.returncode == 0 and "SG502" not in proc.stderr, proc.stderr
    assert len(list((tmp_path / "b").glob("pypy_cffi_wrap_*.cxx"))) == 3
    run = subprocess.run([PYPY, "-c", SPLIT_CHECK], cwd=out, capture_output=True, text=True)
    assert run.returncode == 0 and run.stdout == "ok\n", run.stderr


BENCHMARKS = REPO / "benchmarks"


@pytest.mark.compile
@pytest.mark.skipif(not os.environ.get("SWIGGEN_TEST_PYPY"),
                    reason="the PyPy tier's test (.ci/run): set SWIGGEN_TEST_PYPY to a PyPy "
                           "(docs/pypy.md, 'Testing')")
def test_benchmark_bindings_agree_under_pypy(tmp_path: Path) -> None:
    """benchmarks/pypy.py times cffi and ctypes bindings of benchlib's C shims next to the
    swiggen module: under PyPy, each row's check holds for them and its statement gives the same
    value, so the tables compare the same work (ctypes reports a wrong argument type as
    ctypes.ArgumentError, so its add row fails the TypeError check and is not timed)."""
    import json

    sys.path.insert(0, str(BENCHMARKS))
    try:
        import pypybuild
        from swiggen.compile.toolchain import target_python
    finally:
        sys.path.remove(str(BENCHMARKS))
    target = target_python(PYPY)
    built = {v: pypybuild.BUILDERS[v](tmp_path, target) for v in ("swiggen", "cffi", "ctypes")}
    spec = {"check": True, "sample_ms": 1,
            "modules": {v: [b.module, str(b.path)] for v, b in built.items()}}
    proc = subprocess.run([PYPY, str(BENCHMARKS / "pypyworker.py"), json.dumps(spec)],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    cells = json.loads(proc.stdout)
    rows = sorted({key.split("/")[0] for key in cells})
    assert "construct" in rows and "getitem" in rows
    for row in rows:
        if row == "numpy" and not _has("numpy"):
            continue
        swiggen_cell = cells[f"{row}/swiggen"]
        assert swiggen_cell["check"] == "ok", (row, swiggen_cell)
        for v in ("cffi", "ctypes"):
            cell = cells[f"{row}/{v}"]
            if (row, v) == ("add", "ctypes"):
                assert cell["check"].startswith("ArgumentError"), cell
            else:
                assert cell["check"] == "ok", (row, v, cell)
            assert cell["value"] == swiggen_cell["value"], (row, v, cell, swiggen_cell)
