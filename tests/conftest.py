"""Shared fixtures: build each test module once per session (shared between xdist workers).

`case_module("functions")` builds tests/cases/functions/ with the real `swiggen build` command
(in a subprocess, from inside the case folder, so paths in outputs are relative) and imports it.
Builds land in one folder per pytest run shared by all workers; swiggen's own build lock and
stamps make the second worker's build a no-op.
"""

from __future__ import annotations

import atexit
import importlib
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parent.parent
CASES = REPO / "tests" / "cases"

#: SWIGGEN_TEST_SANITIZE=address,undefined builds the case modules with those sanitizers (in a
#: build root of their own), for a Python started with the ASan runtime preloaded; any report
#: aborts the test process (docs/ownership.md, "Sanitizer run").
SANITIZE = os.environ.get("SWIGGEN_TEST_SANITIZE", "")

#: The case tests run under PyPy too (docs/pypy.md, tests/test_pypy.py): pytest started by a
#: PyPy builds the case modules for itself (`swiggen build --python`), with swiggen run by the
#: CPython named in SWIGGEN_TEST_GENERATOR (swiggen needs CPython: libclang's bindings).
#: Tests that rely on CPython internals (sys.getrefcount, tracemalloc) are marked `cpython_only`.
PYPY = sys.implementation.name == "pypy"
if PYPY and str(REPO / "generator") not in sys.path:
    # swiggen's run-time API (`swiggen.owned`, ...: plain Python) for the case tests; the
    # generator itself runs in SWIGGEN_TEST_GENERATOR's CPython
    sys.path.append(str(REPO / "generator"))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test that builds a case module (through `case_module`, directly or by a fixture of its
    own) is a `compile` test, marked or not, so `pytest -m "not compile"` needs no compiler and
    no SWIG. Under the sanitizers, memory growth says nothing (ASan keeps freed blocks in
    quarantine): tests marked `rss` are skipped; their live-object counts run in the ordinary
    suite."""
    for item in items:
        if "case_module" in getattr(item, "fixturenames", ()) and "compile" not in item.keywords:
            item.add_marker(pytest.mark.compile)
    if PYPY:
        skip_cpython = pytest.mark.skip(reason="CPython-only behaviour (docs/pypy.md)")
        for item in items:
            if "cpython_only" in item.keywords:
                item.add_marker(skip_cpython)
    if SANITIZE:
        skip = pytest.mark.skip(reason="RSS is not meaningful under ASan (quarantine)")
        for item in items:
            if "rss" in item.keywords:
                item.add_marker(skip)


#: whether the running test is marked `compile` (set before its fixtures are set up)
_compiling = [True]


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _compiling[0] = "compile" in item.keywords


#: what a tool a test not marked `compile` must not run prints (the shims of `_shims`)
NOT_COMPILE = "swiggen test tier:"
_TOOLS = ("c++", "g++", "gcc", "cc", "clang++", "clang", "swig", "ccache")


def _shim(real: str) -> str:
    """A stand-in for a tool: a test not marked compile may ask the compiler how it preprocesses
    (its search list, its macros: `-E`), but not compile, nor run SWIG."""
    passes = f'case " $* " in *" -E "*) exec {shlex.quote(real)} "$@";; esac\n' if real else ""
    return (f"#!/bin/sh\n{passes}echo \"{NOT_COMPILE} $(basename \"$0\") $* run by a test not "
            "marked compile: mark it @pytest.mark.compile\" >&2\nexit 97\n")


_shim_dir: list[Path] = []


def _shims() -> Path:
    """A folder of stand-ins for the compilers and SWIG (bin/), and a `swig` package without
    SWIG's binary (python/: swiggen then looks for `swig` on PATH and finds the stand-in)."""
    if not _shim_dir:
        root = Path(tempfile.mkdtemp(prefix="swiggen-tier-"))
        atexit.register(shutil.rmtree, root, True)
        (root / "bin").mkdir()
        for tool in _TOOLS:
            shim = root / "bin" / tool
            shim.write_text(_shim(shutil.which(tool) or ""))
            shim.chmod(0o755)
        (root / "python" / "swig").mkdir(parents=True)
        (root / "python" / "swig" / "__init__.py").write_text("")
        _shim_dir.append(root)
    return _shim_dir[0]


def _tier_env(env: dict[str, str] | None) -> dict[str, str] | None:
    """The environment of a swiggen run: for a test not marked `compile`, one in which the
    compilers and SWIG are `_shims`, so that such a test cannot build a module by mistake."""
    if _compiling[0] or PYPY:
        return env
    shims = _shims()
    out = dict(os.environ if env is None else env)
    out["PATH"] = f"{shims / 'bin'}{os.pathsep}{out.get('PATH', '')}"
    out["PYTHONPATH"] = os.pathsep.join(filter(None, [str(shims / "python"),
                                                      out.get("PYTHONPATH", "")]))
    cxx = shlex.split(out.get("CXX", ""))
    if cxx and shutil.which(cxx[0]):  # a compiler named by path: its stand-in
        out["CXX"] = str(shims / "bin" / "c++")
    return out


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """Under PyPy only the case folders' tests run (the rest drive swiggen in-process, which
    needs CPython)."""
    if PYPY and collection_path.suffix == ".py" and collection_path.name.startswith("test_"):
        return collection_path.parent.parent != CASES or None
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite golden files from the current output")


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


@pytest.fixture(scope="session")
def build_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent  # shared by the workers of this run
    root = base / (("swiggen-builds-sanitize" if SANITIZE else "swiggen-builds") + _units_suffix()
                   + ("-pypy" if PYPY else ""))
    root.mkdir(exist_ok=True)
    return root


def _units_suffix() -> str:
    """SWIGGEN_TEST_UNITS=N builds every case split into N translation units (tests/test_split_build.py
    runs case tests that way), in build folders of their own."""
    units = os.environ.get("SWIGGEN_TEST_UNITS", "")
    return f"-units{units}" if units else ""


def swiggen(*args: str, cwd: Path | str | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real `swiggen` command (as `python -m swiggen`; under PyPy, by the CPython of
    SWIGGEN_TEST_GENERATOR, and a build is for this PyPy)."""
    if PYPY and args[:1] == ("build",):
        args = (*args, "--python", sys.executable)
    proc = subprocess.run([generator_python(), "-m", "swiggen", *args], cwd=cwd,
                          env=_tier_env(env), capture_output=True, text=True, timeout=600)
    if NOT_COMPILE in proc.stderr:
        pytest.fail(next(line for line in proc.stderr.splitlines() if NOT_COMPILE in line),
                    pytrace=False)
    return proc


def swig_version() -> tuple[int, int]:
    """The (major, minor) of the SWIG swiggen runs (the lowest-SWIG tier swaps it)."""
    import re
    from swiggen.compile.toolchain import swig_executable
    exe, env = swig_executable()
    out = subprocess.run([exe, "-version"], capture_output=True, text=True, env=env).stdout
    m = re.search(r"SWIG Version (\d+)\.(\d+)", out)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


def generator_python() -> str:
    """The Python that runs swiggen: this one, or under PyPy the CPython SWIGGEN_TEST_GENERATOR."""
    if not PYPY:
        return sys.executable
    named = os.environ.get("SWIGGEN_TEST_GENERATOR", "")
    if not named:
        pytest.exit("under PyPy, set SWIGGEN_TEST_GENERATOR to a CPython with swiggen installed "
                    "(e.g. .venv/bin/python): swiggen itself runs on CPython only", 2)
    return named


def case_headers(name: str) -> list[str]:
    """The headers of case `name`, in command-line order: `<name>.h`, or the lines of the
    case's HEADERS file (for cases about several headers)."""
    listed = CASES / name / "HEADERS"
    if listed.is_file():
        return listed.read_text().split()
    return [f"{name}.h"]


def build_case(name: str, root: Path, extra: tuple[str, ...] = ()) -> Path:
    """Build tests/cases/<name> into root/<name>/out and return that folder."""
    case = CASES / name
    out = root / name / "out"
    args = ["build", *case_headers(name), "-m", name, "-o", str(out),
            "--build-dir", str(root / name / "build"), "-O1", *extra]
    if os.environ.get("SWIGGEN_TEST_UNITS"):
        args += ["--units", os.environ["SWIGGEN_TEST_UNITS"]]
    sources = sorted(p.name for p in case.glob("*.cpp"))
    if sources:
        args += ["--sources", *sources]
    if (case / "swiggen.toml").exists():
        args += ["--config", "swiggen.toml"]
    if (case / "STD").exists():  # a case about a later C++ standard
        args += ["--std", (case / "STD").read_text().strip()]
    proc = swiggen(*args, cwd=case, env=sanitizer_build_env())
    if proc.returncode != 0:
        pytest.fail(f"swiggen build of case {name!r} failed:\n{proc.stdout}\n{proc.stderr}")
    return out


def sanitizer_build_env() -> dict[str, str] | None:
    """The environment of a case build under SWIGGEN_TEST_SANITIZE (None: this one): the
    compiler instrumenting with the sanitizers, every report fatal; the build itself (SWIG, the
    compiler) runs without the preloaded runtime."""
    if not SANITIZE:
        return None
    env = {k: v for k, v in os.environ.items() if k != "LD_PRELOAD"}
    cxx = env.get("CXX", "g++")
    env["CXX"] = (f"{cxx} -fsanitize={SANITIZE} -fno-sanitize-recover=all "
                  "-fno-omit-frame-pointer")
    return env


_loaded: dict[str, ModuleType] = {}


@pytest.fixture(scope="session")
def case_module(build_root: Path):  # type: ignore[no-untyped-def]
    def load(name: str) -> ModuleType:
        if name not in _loaded:
            out = build_case(name, build_root)
            sys.path.insert(0, str(out))
            _loaded[name] = importlib.import_module(name)
        return _loaded[name]

    return load
