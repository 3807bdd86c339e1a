"""distribution: what a project's sdist and wheel need to know about its swiggen modules.

A module names its headers and sources, but the files they `#include` are inputs too: an sdist
without them builds no wheel (`src/vec.h:5: error SG102: 'detail.h' file not found`). And a
module that passes numpy arrays needs numpy at run time, which its wheel must declare.

`inspect_module(job, root, exclude)` answers both from the module's own parse (prepare.py, through
the parse cache in the module's build folder, so the build that follows does not parse again):

- `files`: every file inside the project folder `root` that the parse read (the headers'
  include closure as libclang saw it, umbrella headers' library headers too, and the config's
  typemap files) and that the sources include (the compiler's `-MM`), relative to `root`,
  less what lies under `exclude` (the build folder) or belongs to Python;
- `numpy`: whether the module converts numpy arrays (an array parameter or result, Eigen).

The setuptools hook (setuptools.py) adds the files to the sdist's file list (build_ext's
get_source_files, which `sdist` and egg_info's SOURCES.txt read) and `numpy` to the
distribution's requirements (its egg_info command, before it writes the metadata).
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from .compile.toolchain import COMPILE_DEFINES
from .diagnostics import SwiggenError
from .lower.plan import ModulePlan
from .specs import BuildJob

#: what a module that converts numpy arrays requires at run time
NUMPY = "numpy"


@dataclass(frozen=True)
class ModuleInputs:
    """What one module's parse says about its distribution."""

    files: tuple[str, ...]  #: project files it reads, relative to the project folder (posix)
    numpy: bool  #: it converts numpy arrays: its wheel requires numpy
    problem: str = ""  #: why the parse failed ("" when it did not): nothing was found then


def needs_numpy(plan: ModulePlan) -> bool:
    """Arrays that convert through numpy (arrays.swg's helper: lists to arrays, new out arrays,
    numpy results) or Eigen's types (eigen.swg); a `nogil` line alone needs none."""
    return any(d.macro != "SWIGGEN_NOGIL" for d in plan.arrays) or "eigen.swg" in plan.libraries


def inspect_module(job: BuildJob, root: Path, exclude: Sequence[str] = ()) -> ModuleInputs:
    """The module's project files and whether it needs numpy (see the module docstring)."""
    from .parse import parsecache
    from .pipeline import parse_spec
    from .prepare import include_dirs, prepare

    spec = parse_spec(job.spec, job.options)
    try:
        prepared = prepare(spec, job.build_dir / parsecache.FOLDER)
    except SwiggenError as exc:
        first = exc.diagnostics.sorted()[0] if exc.diagnostics.items else None
        return ModuleInputs((), False, str(first) if first else str(exc))
    parsecache.save(prepared.parse_cache)
    read = [*prepared.header_paths, *(i for h in prepared.headers for i in h.includes),
            *prepared.typemap_files]
    compile_dirs = (*include_dirs(spec, ())[1], *job.options.include_dirs)
    flags = [f"-std={spec.std}", *(f"-I{d}" for d in compile_dirs),
             *(f"-D{d}" for d in (*COMPILE_DEFINES, *spec.defines)), *spec.cflags]
    for source in job.sources:
        read += source_includes(source, flags)
    return ModuleInputs(project_files(read, root, exclude), needs_numpy(prepared.plan))


def source_includes(source: str, flags: Sequence[str]) -> list[str]:
    """The files a source includes outside the system folders (the compiler's `-MM`; headers it
    cannot find are listed as they are named, `-MG`, and dropped later as missing)."""
    from .compile.extension import _read_depfile
    from .compile.toolchain import find_compiler

    if not Path(source).is_file():
        return []  # (the build says so)
    with tempfile.TemporaryDirectory(prefix="swiggen-deps-") as tmp:
        depfile = Path(tmp) / "deps.d"
        cmd = [*find_compiler().command, "-x", "c++", *flags, "-MM", "-MG", "-MF", str(depfile),
               source]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0 or not depfile.is_file():
            return []  # a source the preprocessor rejects fails the build, with its message
        return _read_depfile(depfile)


def _python_dirs() -> list[str]:
    """Python's own folders (its headers, site-packages, a virtual environment inside the
    project): never part of a project's sources."""
    paths = sysconfig.get_paths()
    found = [sys.prefix, sys.base_prefix, sys.exec_prefix,
             *(paths[k] for k in ("include", "platinclude", "purelib", "platlib") if k in paths)]
    return [os.path.realpath(p) for p in found if p]


def project_files(paths: Iterable[str], root: Path, exclude: Sequence[str] = ()) -> tuple[str, ...]:
    """The existing files among `paths` inside `root`, relative to it (posix), sorted; not
    those under `exclude` nor Python's own folders."""
    top = os.path.realpath(root)

    def inside(path: str, folder: str) -> bool:
        return os.path.commonpath([path, folder]) == folder

    # (Python's folders that hold the project, as /usr holds /usr/src/project, do not count)
    skip = [os.path.realpath(e) for e in exclude] + [
        p for p in _python_dirs() if p != top and inside(p, top)]
    out = set()
    for path in paths:
        real = os.path.realpath(os.path.join(root, path))
        if not os.path.isfile(real) or not inside(real, top) or any(inside(real, s) for s in skip):
            continue
        out.add(Path(os.path.relpath(real, top)).as_posix())
    return tuple(sorted(out))
