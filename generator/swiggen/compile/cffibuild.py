"""cffibuild: `_NAME_cffi`, the cffi module a PyPy build calls free functions through.

Under PyPy a call through cpyext costs 10-40x a CPython call, one through cffi's API mode about
what a CPython call does (docs/pypy.md). The shims of lower/cffiplan.py's functions live in
`_NAME` (templates/python/cffi.i.j2: one copy of the library's state); `_NAME_cffi` is cffi's C
glue for their declarations, which the target PyPy writes (`ffi.emit_c_code`, once per change of
the declarations) and our compiler builds, linked against `_NAME` (found next to it: `$ORIGIN`).
NAME.py uses it under PyPy when it imports (templates/python/cffi.py.j2).

Only for a PyPy target on Linux; `--no-pypy-cffi` (`pypy_cffi = false`) turns it off. A PyPy without cffi
is a warning (SG611) and the C API path.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
from contextlib import nullcontext
from pathlib import Path

from ..diagnostics import Diagnostic, Loc, Severity, ToolError
from ..lower.plan import ModulePlan
from ..render.write import write_text_if_changed
from .toolchain import COMPILE_DEFINES, Compiler, python_include_dirs, target_python

#: run by the target PyPy: cffi's C glue for the declarations argv[2] into argv[4]; argv[3]
#: is the glue's own C declarations of them (the variable `extern`: defined in _NAME)
_EMIT = """
import sys
try:
    import cffi
except ImportError:
    sys.exit(3)
ffi = cffi.FFI()
ffi.cdef(sys.argv[2])
ffi.set_source(sys.argv[1], sys.argv[3])
ffi.emit_c_code(sys.argv[4])
"""


def cdef(plan: ModulePlan) -> str:
    """The C declarations of the module's cffi shims ("" for none): cffi's cdef, and the
    glue's own declarations of them."""
    if not plan.uses_cffi:
        return ""
    m = plan.module
    lines = [f"int swiggen_cffi_{m}_pending;",  # (first: build() makes it extern)
             f"int swiggen_cffi_{m}_kind(void);", f"const char* swiggen_cffi_{m}_what(void);",
             f"long swiggen_cffi_{m}_object_layout(int);"]
    lines += [f.cdecl(plan.module) for f in plan.cffi_functions]
    lines += [c.cdecl(plan.module) for c in plan.cffi_classes]
    return "\n".join(lines) + "\n"


def file(build_dir: Path, module: str) -> Path:
    """Where the build keeps the declarations (written with NAME.i, from the same plan)."""
    return build_dir / f"{module}.cffi.h"


def name(module: str, python: str) -> str:
    return f"_{module}_cffi{target_python(python).ext_suffix}"


def build(compiler: Compiler, module: str, build_dir: Path, extension: Path, python: str,
          relinked: bool, extra_link_args: tuple[str, ...] = (),
          slots: threading.Semaphore | None = None,
          ) -> tuple[Path | None, Diagnostic | None]:
    """`_NAME_cffi` next to `extension` (`_NAME`), when the target is PyPy and the module has
    shims; else None. A warning when the PyPy has no cffi."""
    target = target_python(python)
    try:
        declarations = file(build_dir, module).read_text()
    except OSError:
        declarations = ""
    out = build_dir / name(module, python)
    # (the link names _NAME by `-l:FILE` and finds it through `$ORIGIN`: GNU/Linux linkers)
    if not target.is_pypy or not declarations or not sys.platform.startswith("linux"):
        return None, None
    glue = build_dir / f"_{module}_cffi.c"
    key = hashlib.sha256(f"{target.python}\0{target.ext_suffix}\0{declarations}".encode()
                         ).hexdigest()
    stamp = build_dir / "cffi.json"
    try:
        done = json.loads(stamp.read_text()).get("key") == key and glue.exists()
    except (OSError, ValueError):
        done = False
    if not done:
        cmd = [target.python, "-c", _EMIT, f"_{module}_cffi", declarations,
               "extern " + declarations, str(glue)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode == 3:
            return None, Diagnostic(
                Loc("<toolchain>"), Severity.WARNING, "SG611",
                f"target Python '{target.python}' has no cffi: the module's free functions "
                "are called through its C API emulation (cpyext), 10-40x slower",
                "install cffi into that PyPy (PyPy ships it), or build with --no-pypy-cffi")
        if proc.returncode != 0:
            raise ToolError("SG403", f"cffi could not write _{module}_cffi.c", cmd,
                            proc.stdout + proc.stderr)
    obj = build_dir / "obj" / f"_{module}_cffi.o"
    # cffi's glue is C; its module init is exported through PyMODINIT_FUNC (no hidden
    # visibility); it calls nothing but the shims in _NAME, found next to it
    compile_cmd = [*compiler.command, "-x", "c", "-O2", "-fPIC",
                   *(f"-D{d}" for d in COMPILE_DEFINES),
                   *(f"-I{d}" for d in python_include_dirs(python)), "-c", str(glue),
                   "-o", str(obj)]
    link = [*compiler.command, "-shared", str(obj), f"-L{build_dir}", f"-l:{extension.name}",
            "-Wl,-rpath,$ORIGIN", *extra_link_args]
    with slots if slots is not None else nullcontext():
        if not done or not obj.exists():
            obj.parent.mkdir(parents=True, exist_ok=True)
            _run(compile_cmd, f"compiling _{module}_cffi.c failed")
        if not done or relinked or not out.exists():
            tmp = out.with_name(f".{out.name}.tmp")
            _run([*link, "-o", str(tmp)], f"linking {out.name} failed")
            os.replace(tmp, out)
    write_text_if_changed(stamp, json.dumps({"key": key}))
    return out, None


def _run(cmd: list[str], what: str) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise ToolError("SG403", what, cmd, proc.stdout + proc.stderr)
