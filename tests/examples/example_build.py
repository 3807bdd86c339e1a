"""Build the examples/ bindings once per test session, from the installed library headers.

Each example's own `build.sh` is the command under test (with `-O1`, and output in the session's
shared build folder: the xdist workers' builds after the first are no-ops through swiggen's lock
and stamps). Tests are skipped, with the package to install, when the headers are absent.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"

#: example folder -> (module name, header that must exist, Debian package providing it)
EXAMPLE_LIBS = {
    "yaml-cpp": ("yaml_cpp", Path("/usr/include/yaml-cpp/yaml.h"), "libyaml-cpp-dev"),
    "cjson": ("cjson", Path("/usr/include/cjson/cJSON.h"), "libcjson-dev"),
    "tinyxml2": ("tinyxml2", Path("/usr/include/tinyxml2.h"), "libtinyxml2-dev"),
    "pugixml": ("pugixml", Path("/usr/include/pugixml.hpp"), "libpugixml-dev"),
    # our own C++ libraries in examples/: nothing to install
    "image": ("image", EXAMPLES / "image" / "image.h", "(none)"),
    "matrix": ("matrix", EXAMPLES / "matrix" / "matrix.h", "(none)"),
    "snappy": ("snappy", Path("/usr/include/snappy.h"), "libsnappy-dev"),
    "muparser": ("muparser", Path("/usr/include/muParser.h"), "libmuparser-dev"),
    "sqlitecpp": ("sqlitecpp", Path("/usr/include/SQLiteCpp/SQLiteCpp.h"), "libsqlitecpp-dev"),
}


def require_headers(example: str) -> None:
    _, header, package = EXAMPLE_LIBS[example]
    if not header.is_file():
        pytest.skip(f"{header} not found: install the Debian package {package} "
                    f"(apt-get install {package}) to build examples/{example}")


def build_example(example: str, root: Path) -> Path:
    """Run examples/<example>/build.sh into root/<example>/out; return that folder."""
    require_headers(example)
    out = root / f"example-{example}" / "out"
    env = dict(os.environ, PYTHON=sys.executable, OUT=str(out),
               BUILD_DIR=str(root / f"example-{example}" / "build"))
    proc = subprocess.run(["sh", str(EXAMPLES / example / "build.sh"), "-O1"], env=env,
                          capture_output=True, text=True, timeout=900)
    if proc.returncode != 0:
        pytest.fail(f"building examples/{example} failed:\n{proc.stdout}\n{proc.stderr}")
    return out


_loaded: dict[str, tuple[ModuleType, Path]] = {}


def load_example(example: str, root: Path) -> tuple[ModuleType, Path]:
    if example not in _loaded:
        out = build_example(example, root)
        sys.path.insert(0, str(out))
        _loaded[example] = (importlib.import_module(EXAMPLE_LIBS[example][0]), out)
    return _loaded[example]


def run_python(code_or_script: str | Path, out: Path, *args: str,
               timeout: int = 600) -> subprocess.CompletedProcess[str]:
    """Run a script (a Path) or code (a str) in a fresh interpreter with the module importable."""
    cmd = [sys.executable, str(code_or_script)] if isinstance(code_or_script, Path) \
        else [sys.executable, "-c", code_or_script]
    env = dict(os.environ, PYTHONPATH=str(out))
    return subprocess.run([*cmd, *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


#: appended to a stress script that defines `cycle()`: warm up, then measure max RSS growth
STRESS_LOOP = """
import resource

def _maxrss():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux

for _ in range({warmup}):
    cycle()
_base = _maxrss()
for _ in range({rounds}):
    cycle()
print(_base, _maxrss() - _base)
"""


def stress(cycle_code: str, out: Path, warmup: int, rounds: int) -> tuple[int, int]:
    """Run `cycle()` (defined by `cycle_code`) `rounds` times after `warmup` rounds in a fresh
    interpreter; returns (max RSS after warm-up, growth), in KiB."""
    proc = run_python(cycle_code + STRESS_LOOP.format(warmup=warmup, rounds=rounds), out)
    assert proc.returncode == 0, proc.stderr
    base, growth = (int(x) for x in proc.stdout.split())
    return base, growth
