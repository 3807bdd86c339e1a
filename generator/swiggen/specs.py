"""specs: what a module's build is asked to do, shared by the front ends, the pipeline and the
parse stamp (compile/stamps.py) without either importing the other.

`ModuleSpec` is one extension module's name, headers and parse settings (the key of its parse
stamp); `BuildJob` adds its sources, compile options and folders for a multi-module build.
Nothing here imports libclang: `swiggen.setuptools` builds specs on every setuptools run.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .compile.extension import BuildOptions


@dataclass(frozen=True)
class ModuleSpec:
    """One extension module: its name, headers, and what parsing them needs."""

    module: str
    headers: tuple[str, ...]
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    std: str = "c++17"
    config: str | None = None
    typemaps: tuple[str, ...] = ()
    #: the `[[tool.swiggen.modules]]` entry (by name) whose annotations apply, in `config`
    config_module: str = ""
    #: generated NAME.i files of other swiggen modules whose classes this one uses
    imports: tuple[str, ...] = ()
    #: the Python package the module lives in ("" for a top-level module)
    package: str = ""
    #: the build's compile flags that change what the headers declare (`-U`, `-mavx2`,
    #: `-include`, ...: toolchain.preprocessor_flags), which the parse is given too
    cflags: tuple[str, ...] = ()


@dataclass(frozen=True)
class BuildJob:
    """Everything `build` needs for one module of a multi-module build."""

    spec: ModuleSpec
    sources: tuple[str, ...]
    options: BuildOptions
    out_dir: Path
    build_dir: Path
    outputs: tuple[str, ...] = ("py", "ext", "pyi", "i")
    #: fail on a declaration whose wrapper does not compile, instead of leaving it out (SG420)
    strict: bool = False
