"""Where the tools are: the C++ compiler, its system include directories, SWIG, Python's headers.

Nothing here runs a build; `build` and `swig` ask this module what to run.
"""

from __future__ import annotations

import functools
import glob
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Sequence
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


#: what every compile of a module defines, and so the parse too (CPython's own builds do:
#: `sysconfig`'s CFLAGS): a declaration under `#ifndef NDEBUG` is not in the module
COMPILE_DEFINES = ("NDEBUG",)

#: flags of a compile that change what a header declares: the parse gets them too
_PREPROCESSOR_PREFIXES = ("-D", "-U", "-I", "-std=", "-m", "-f", "-include", "-isystem",
                          "-iquote", "-idirafter")
#: flags among those that take their value as the next argument
_WITH_VALUE = ("-D", "-U", "-I", "-include", "-isystem", "-iquote", "-idirafter")
#: -f and -m flags that change no declaration (code generation, diagnostics)
_NOT_PREPROCESSOR = ("-fPIC", "-fpic", "-fvisibility", "-fdiagnostics", "-fsanitize",
                     "-fno-omit-frame-pointer", "-fstack-protector", "-flto", "-fprofile",
                     "-fcoverage", "-ffunction-sections", "-fdata-sections", "-fno-plt",
                     "-fcf-protection", "-fmax-errors", "-fno-strict-aliasing", "-fwrapv",
                     "-fdebug", "-ffile-prefix-map", "-fmacro-prefix-map", "-mtune")


def preprocessor_flags(flags: Sequence[str]) -> tuple[str, ...]:
    """The flags of a compile command that change what a header declares (`-D`, `-U`, `-I`,
    `-std=`, `-include`, target flags such as `-mavx2`, language flags such as
    `-fno-exceptions`): the parse is given them too, so that libclang sees the declarations the
    compiler compiles."""
    out: list[str] = []
    items = list(flags)
    i = 0
    while i < len(items):
        f = items[i]
        if f in _WITH_VALUE and i + 1 < len(items):
            out += [f, items[i + 1]]
            i += 2
            continue
        if f.startswith(_PREPROCESSOR_PREFIXES) and not f.startswith(_NOT_PREPROCESSOR):
            out.append(f)
        i += 1
    return tuple(out)


#: the libclang the parse runs (setup.py pins it): its builtin headers should match
_LIBCLANG_MAJOR = 18


def _version_of(folder: Path) -> int:
    try:
        return int(folder.name.split(".")[0])
    except ValueError:
        return 0


#: where installed clangs keep their resource folders (Debian, Fedora, Homebrew)
_RESOURCE_GLOBS = ("/usr/lib/llvm-*/lib/clang/*", "/usr/lib/clang/*", "/usr/local/lib/clang/*",
                   "/usr/lib64/clang/*", "/opt/homebrew/opt/llvm/lib/clang/*",
                   "/usr/local/opt/llvm/lib/clang/*")


@functools.lru_cache(maxsize=None)
def clang_resource_dir() -> str:
    """A clang resource folder (its `include/` holds clang's own `stddef.h`, `immintrin.h`,
    ...) for libclang, whose wheel has none: with the C++ compiler's own builtin headers
    instead, GCC's intrinsics (`emmintrin.h`, through `<immintrin.h>`, Eigen, OpenCV) do not
    parse. `$SWIGGEN_CLANG_RESOURCE_DIR`, else an installed clang's (Debian:
    libclang-common-N-dev), nearest libclang's version; "" if there is none."""
    named = os.environ.get("SWIGGEN_CLANG_RESOURCE_DIR", "")
    if named:
        return named if Path(named, "include").is_dir() else ""
    found = [Path(os.path.realpath(p)) for pattern in _RESOURCE_GLOBS for p in glob.glob(pattern)
             if Path(p, "include", "stddef.h").is_file()]
    if not found:
        return ""

    def rank(p: Path) -> tuple[int, int]:
        v = _version_of(p)  # the same major first, then older ones (newest first), then newer
        return (0, 0) if v == _LIBCLANG_MAJOR else (1, -v) if v < _LIBCLANG_MAJOR else (2, v)

    return str(sorted(set(found), key=lambda p: (rank(p), str(p)))[0])


@functools.lru_cache(maxsize=None)
def compiler_builtin_dir(compiler: Compiler) -> str:
    """The compiler's own builtin header folder (GCC's `.../gcc/x86_64-linux-gnu/12/include`),
    which the parse replaces by clang's; "" if it cannot say."""
    try:
        proc = subprocess.run([*compiler.command, "-print-file-name=include"],
                              capture_output=True, text=True, timeout=60)
    except OSError:
        return ""
    path = proc.stdout.strip()
    return os.path.normpath(path) if proc.returncode == 0 and os.path.isabs(path) and \
        os.path.isdir(path) else ""


def parse_system_dirs(compiler: Compiler) -> tuple[tuple[str, ...], str]:
    """The parse's system include folders and clang resource folder: the compiler's search
    list with its own builtin headers replaced by clang's where a clang resource folder is
    installed (clang_resource_dir), else the compiler's list as it is and ""."""
    dirs = system_include_dirs(compiler)
    resource = clang_resource_dir()
    if not resource:
        return dirs, ""
    builtin = compiler_builtin_dir(compiler)
    own = os.path.join(resource, "include")
    if builtin and builtin in dirs:
        return tuple(own if d == builtin else d for d in dirs), resource
    return dirs, resource


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
