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
