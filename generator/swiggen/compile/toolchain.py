"""Where the tools are: the C++ compiler, its system include directories, SWIG, Python's headers.

Nothing here runs a build; `build` and `swig` ask this module what to run.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import Diagnostic, Loc, Severity, SwiggenError


@dataclass(frozen=True)
class Compiler:
    command: tuple[str, ...]  #: e.g. ("c++",) or ("ccache", "g++")

    @property
    def name(self) -> str:
        return self.command[-1]


def find_compiler() -> Compiler:
    """The C++ compiler: $CXX, else the one Python was built with, else c++/g++/clang++."""
    candidates: list[list[str]] = []
    if os.environ.get("CXX"):
        named = shlex.split(os.environ["CXX"])
        if named and shutil.which(named[0]):
            return Compiler(tuple(named))
        raise SwiggenError(
            Diagnostic(
                Loc("<toolchain>"), Severity.ERROR, "SG401",
                f"C++ compiler '{os.environ['CXX']}' (from $CXX) not found",
                "install it, point CXX at an existing compiler, or unset CXX",
            )
        )
    cfg = sysconfig.get_config_var("CXX")
    if cfg:
        candidates.append(shlex.split(cfg))
    candidates += [["c++"], ["g++"], ["clang++"]]
    for cand in candidates:
        if cand and shutil.which(cand[0]):
            return Compiler(tuple(cand))
    tried = ", ".join(" ".join(c) for c in candidates if c)
    raise SwiggenError(
        Diagnostic(
            Loc("<toolchain>"), Severity.ERROR, "SG401",
            f"no C++ compiler found (tried {tried})",
            "install one (Debian: apt-get install g++) or set CXX to its path",
        )
    )


@functools.lru_cache(maxsize=None)
def system_include_dirs(compiler: Compiler) -> tuple[str, ...]:
    """The compiler's own `#include <...>` search list, for libclang (whose wheel has none)."""
    try:
        proc = subprocess.run(
            [*compiler.command, "-E", "-x", "c++", "-", "-v"],
            input="", capture_output=True, text=True, timeout=60,
        )
    except OSError:
        return ()
    dirs: list[str] = []
    inside = False
    for line in proc.stderr.splitlines():
        if line.startswith("#include <...> search starts here"):
            inside = True
        elif line.startswith("End of search list"):
            break
        elif inside and line.startswith(" "):
            path = line.strip().removesuffix(" (framework directory)")
            dirs.append(os.path.normpath(path))
    return tuple(dirs)


def swig_executable() -> tuple[str, dict[str, str]]:
    """The SWIG binary from the `swig` wheel (and the environment it needs), else one on PATH."""
    spec = importlib.util.find_spec("swig")
    if spec and spec.origin:
        data = Path(spec.origin).parent / "data"
        binary = data / "bin" / "swig"
        libs = sorted((data / "share" / "swig").glob("*"))
        if binary.exists() and libs:
            return str(binary), {**os.environ, "SWIG_LIB": str(libs[-1])}
    found = shutil.which("swig")
    if found:
        return found, dict(os.environ)
    raise SwiggenError(
        Diagnostic(
            Loc("<toolchain>"), Severity.ERROR, "SG404", "SWIG not found",
            "pip install swig (the wheel carries the binary)",
        )
    )


@functools.lru_cache(maxsize=None)
def _swig_version_of(binary: str, size: int, mtime: int) -> str:
    try:
        _, env = swig_executable()
        proc = subprocess.run([binary, "-version"], capture_output=True, text=True, env=env,
                              timeout=60)
    except (OSError, subprocess.SubprocessError):
        return ""
    return " ".join(proc.stdout.split())


def swig_version() -> str:
    """What `swig -version` says of the SWIG a build runs (its binary and library): part of the
    SWIG stamp, so that `pip install -U swig` runs SWIG again. Asked once per binary."""
    binary, env = swig_executable()
    try:
        st = os.stat(binary)
    except OSError:
        return ""
    library = Path(env.get("SWIG_LIB", "/"))
    if library.parent == Path(binary).parent.parent / "share" / "swig":  # the wheel's
        return f"SWIG {library.name} {st.st_size} {st.st_mtime_ns}"  # its library's version
    return _swig_version_of(binary, st.st_size, st.st_mtime_ns)


@dataclass(frozen=True)
class Target:
    """The Python a module is built for: its headers, extension suffix and implementation."""

    executable: str  #: the interpreter to load the module with ("" : this one)
    include_dirs: tuple[str, ...]
    ext_suffix: str  #: ".cpython-311-x86_64-linux-gnu.so", ".pypy39-pp73-x86_64-linux-gnu.so"
    implementation: str  #: sys.implementation.name: "cpython", "pypy"

    @property
    def is_pypy(self) -> bool:
        return self.implementation == "pypy"

    @property
    def python(self) -> str:
        """The interpreter's path, to run it (this one's for the default target)."""
        return self.executable or sys.executable


#: run in the target interpreter: what building a module for it needs, as JSON on stdout
_ASK = r"""
import json, sys, sysconfig
paths = sysconfig.get_paths()
print(json.dumps({
    "include": [paths["include"], paths.get("platinclude", paths["include"])],
    "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX") or ".so",
    "implementation": sys.implementation.name,
}))
"""


@functools.lru_cache(maxsize=None)
def target_python(executable: str = "") -> Target:
    """The Python `executable` (a path or a name on PATH) asked once, in one subprocess; ""
    is the interpreter swiggen runs in, asked nothing."""
    if not executable:
        paths = sysconfig.get_paths()
        dirs = (paths["include"], paths.get("platinclude", paths["include"]))
        return Target("", tuple(dict.fromkeys(dirs)),
                      str(sysconfig.get_config_var("EXT_SUFFIX") or ".so"),
                      sys.implementation.name)
    found = shutil.which(executable)
    why = "not found"
    if found:
        try:
            proc = subprocess.run([found, "-c", _ASK], capture_output=True, text=True, timeout=60)
            data = json.loads(proc.stdout) if proc.returncode == 0 else None
            why = f"did not answer ({(proc.stderr.strip().splitlines() or ['exit status'])[-1]})"
        except (OSError, ValueError, subprocess.TimeoutExpired) as exc:
            data, why = None, f"did not answer ({exc})"
        if data is not None:
            found = os.path.abspath(found)
            headers = [d for d in dict.fromkeys(data["include"])]
            if not any(Path(d, "Python.h").exists() for d in headers):
                raise SwiggenError(Diagnostic(
                    Loc("<toolchain>"), Severity.ERROR, "SG610",
                    f"target Python '{executable}' has no Python.h in {', '.join(headers)}",
                    "install its development headers (Debian: python3-dev, pypy3-dev)"))
            return Target(found, tuple(headers), str(data["ext_suffix"]),
                          str(data["implementation"]))
    raise SwiggenError(Diagnostic(
        Loc("<toolchain>"), Severity.ERROR, "SG610", f"target Python '{executable}' {why}",
        "give --python the path of an installed interpreter (e.g. /usr/bin/pypy3)"))


def python_include_dirs(target: str = "") -> tuple[str, ...]:
    return target_python(target).include_dirs


def extension_suffix(target: str = "") -> str:
    return target_python(target).ext_suffix


def python_tag() -> str:
    return f"{sys.implementation.cache_tag}-{sysconfig.get_platform()}"
