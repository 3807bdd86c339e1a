"""swig: run the SWIG binary (from the swig wheel) on a generated interface.

Always C++, Python, -builtin (proxy classes cost 15-36x a C-API call; -builtin 1.1-3.5x).
SWIG writes into a scratch folder; results are copied into the build folder only when their
content changed, so a regenerated-but-identical wrapper does not trigger a recompile.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import ToolError
from .render import interface_dir
from .toolchain import swig_executable
from .write import copy_if_changed

SWIG_FLAGS = ("-c++", "-python", "-builtin", "-fastdispatch") + (
    # stdint.i must know that int64_t is `long` on LP64 systems (and `long long` elsewhere).
    ("-DSWIGWORDSIZE64",) if sys.maxsize > 2**32 and not sys.platform.startswith("win") else ()
)


@dataclass(frozen=True)
class SwigOutput:
    wrapper: Path  #: NAME_wrap.cxx
    python: Path  #: NAME.py
    warnings: str  #: what SWIG printed (its warnings point at the user's header:line)


def run_swig(interface: Path, module: str, build_dir: Path, include_dirs: Sequence[str],
             defines: Sequence[str]) -> SwigOutput:
    swig, env = swig_executable()
    build_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build_dir, prefix=".swig-") as scratch:
        tmp = Path(scratch)
        cmd = [swig, *SWIG_FLAGS, f"-I{interface_dir()}"]
        cmd += [f"-I{d}" for d in include_dirs]
        cmd += [f"-D{d}" for d in defines]
        cmd += ["-outdir", str(tmp), "-o", str(tmp / f"{module}_wrap.cxx"), str(interface)]
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
        output = (proc.stdout + proc.stderr).strip()
        if proc.returncode != 0:
            raise ToolError("SG402", f"SWIG failed on {interface}", cmd, output)
        wrapper = build_dir / f"{module}_wrap.cxx"
        python = build_dir / f"{module}.py"
        from .fastcall import rewrite_file  # METH_FASTCALL entry points (fastcall.py)
        rewrite_file(tmp / wrapper.name)
        copy_if_changed(tmp / wrapper.name, wrapper)
        copy_if_changed(tmp / python.name, python)
    return SwigOutput(wrapper, python, output)
