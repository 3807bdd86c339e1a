"""swig: run the SWIG binary (from the swig wheel) on a generated interface.

Always C++, Python, -builtin (proxy classes cost 15-36x a C-API call; -builtin 1.1-3.5x).
SWIG writes into a scratch folder; results are copied into the build folder only when their
content changed, so a regenerated-but-identical wrapper does not trigger a recompile.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from ..compile.extension import echo
from ..diagnostics import ToolError
from ..render.interface import interface_dirs
from .rewrites import Report
from ..compile.toolchain import swig_executable
from ..render.view import origin
from ..render.write import copy_if_changed

SWIG_FLAGS = ("-c++", "-python", "-builtin", "-fastdispatch") + (
    # stdint.i must know that int64_t is `long` on LP64 systems (and `long long` elsewhere).
    ("-DSWIGWORDSIZE64",) if sys.maxsize > 2**32 and not sys.platform.startswith("win") else ()
)


@dataclass(frozen=True)
class SwigOutput:
    wrapper: Path  #: NAME_wrap.cxx
    python: Path  #: NAME.py
    warnings: str  #: what SWIG printed (its warnings point at the user's header:line)
    #: what the post-processing found and rewrote, and SWIG's version (rewrites.py)
    rewrites: tuple[Report, str] | None = None


def swig_timeout() -> float:
    """Seconds SWIG may take on one interface ($SWIGGEN_SWIG_TIMEOUT, default 600): a header
    SWIG's template expansion cannot finish on fails the build instead of hanging it."""
    try:
        return max(0.01, float(os.environ.get("SWIGGEN_SWIG_TIMEOUT", "600")))
    except ValueError:
        return 600.0


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    return data if isinstance(data, str) else data.decode("utf-8", "replace")


def run_swig(interface: Path, module: str, build_dir: Path, include_dirs: Sequence[str],
             defines: Sequence[str]) -> SwigOutput:
    """SWIG on `interface`, which reads the declaration views next to it (render/view.py);
    its messages about a view's lines name the header's."""
    swig, env = swig_executable()
    build_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=build_dir, prefix=".swig-") as scratch:
        tmp = Path(scratch)
        # SWIG runs in the interface's folder: it looks for `%include "NAME.decls/x.h"` in the
        # current folder first, and the user's (a header's folder) may hold an older view, of
        # a `swiggen generate` there
        here = interface.parent.resolve()
        cmd = [swig, *SWIG_FLAGS, *(f"-I{d}" for d in interface_dirs())]
        cmd += [f"-I{Path(d).resolve()}" for d in include_dirs]
        cmd += [f"-D{d}" for d in defines]
        cmd += ["-outdir", str(tmp.resolve()), "-o", str(tmp.resolve() / f"{module}_wrap.cxx"),
                interface.name]
        echo(cmd)
        limit = swig_timeout()
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=here,
                                  timeout=limit)
        except subprocess.TimeoutExpired as exc:
            raise ToolError("SG402", f"SWIG did not finish on {interface} in {limit:.0f} s "
                            "(SWIGGEN_SWIG_TIMEOUT): name fewer headers, or 'ignore' the "
                            "class templates of the headers that take it longest", cmd,
                            _text(exc.stdout) + _text(exc.stderr)) from exc
        output = (proc.stdout + proc.stderr).strip()
        # its messages name files relative to that folder: as the caller names them
        output = "\n".join(_from(line, interface.parent) for line in output.splitlines())
        views: dict[str, list[str]] = {}
        output = "\n".join(_original(line, views) for line in output.splitlines())
        if proc.returncode == 0:
            output = located_warnings(output)
        if proc.returncode != 0:
            raise ToolError("SG402", f"SWIG failed on {interface}", cmd, output)
        wrapper = build_dir / f"{module}_wrap.cxx"
        python = build_dir / f"{module}.py"
        from .fastcall import rewrite_file  # METH_FASTCALL entry points (fastcall.py)
        report = rewrite_file(tmp / wrapper.name)
        copy_if_changed(tmp / wrapper.name, wrapper)
        proxy = tmp / python.name
        proxy.write_text(drop_unused_typing(proxy.read_text()))
        copy_if_changed(proxy, python)
        header = tmp / f"{module}_wrap.h"  # the director classes' declarations (directors.swg)
        if header.exists():
            copy_if_changed(header, build_dir / header.name)
    return SwigOutput(wrapper, python, output, report)


def drop_unused_typing(text: str) -> str:
    """SWIG 4.5's Python module begins with `import typing`, which a -builtin module never uses;
    that import was a fifth of a 200-class module's import (12.5 of 63 million instructions,
    benchmarks/importtime.py). Dropped unless the module names `typing` anywhere else (in a
    user's %pythoncode, say)."""
    head, sep, rest = text.partition("\nimport typing\n")
    if not sep or "typing" in head or "typing" in rest:
        return text
    return head + "\n" + rest


def _from(line: str, folder: Path) -> str:
    """`x.i:3: Error` from SWIG run in `folder`, as `folder/x.i:3: Error`."""
    name, sep, rest = line.partition(":")
    if not sep or not rest[:1].isdigit() or Path(name).is_absolute() or folder == Path("."):
        return line
    return f"{folder / name}:{rest}"


def _original(line: str, views: dict[str, list[str]]) -> str:
    """A SWIG message about a line of a declaration view, at the header's line it stands for
    (the view's `// HEADER:LINE` at or above it); other messages as they are. `views` caches
    the views' lines."""
    name, sep, rest = line.partition(":")
    number, sep2, text = rest.partition(":")
    if not (sep and sep2 and number.isdigit() and ".decls" in name):
        return line
    if name not in views:
        try:
            views[name] = Path(name).read_text(encoding="utf-8").splitlines()
        except OSError:
            views[name] = []
    lines = views[name]
    for i in range(min(int(number), len(lines)) - 1, -1, -1):
        found = origin(lines[i])
        if found is not None:
            return f"{found[0]}:{found[1]}:{text}"
    return line


_WARNING = re.compile(r"^(?P<loc>.+?:\d+): Warning (?P<num>\d+): (?P<text>.*)$")
#: what to do about SWIG's warnings that real headers raise (others: the generic hint)
_WARNING_HINTS = {
    "509": "rename one of the overloads (rename(NAME)) to call both, or mark the one not "
           "wanted 'swiggen: ignore'",
    "401": "name the header that declares the base class too, or mark the class 'swiggen: "
           "ignore'",
    "314": "rename it (rename(NAME)) to choose its Python name",
    "511": "pass its arguments by position",
}
#: base classes swiggen maps itself (C++ exceptions become Python ones: exceptions.swg), so
#: SWIG knowing nothing about them (its warning 401) loses nothing
_KNOWN_BASES = re.compile(r"Nothing known about base class 'std::(exception|bad_alloc|"
                          r"logic_error|runtime_error|invalid_argument|out_of_range|domain_error|"
                          r"length_error|overflow_error|range_error|underflow_error|"
                          r"system_error|ios_base::failure|bad_cast|bad_optional_access)'")


def located_warnings(output: str) -> str:
    """SWIG's `FILE:LINE: Warning NNN: ...` lines as swiggen's `FILE:LINE: warning SG341: ...`
    with what to do; a message SWIG continues on a second line (509's `..., as it is shadowed
    by ...`) is one warning, at its first line. Other lines pass through."""
    out: list[str] = []
    pending: tuple[str, str, str] | None = None

    def flush() -> None:
        if pending is not None:
            loc, num, text = pending
            hint = _WARNING_HINTS.get(num, "mark the declaration 'swiggen: ignore' if it is not "
                                           "needed in Python")
            out.append(f"{loc}: warning SG341: SWIG warning {num}: {text} — {hint}")

    for line in output.splitlines():
        m = _WARNING.match(line)
        if m and pending is not None and m["num"] == pending[1] and pending[2].endswith(","):
            pending = (pending[0], pending[1], f"{pending[2]} {m['text']}")
            continue
        flush()
        pending = None
        if m and m["num"] == "401" and _KNOWN_BASES.search(m["text"]):
            continue
        if m:
            pending = (m["loc"], m["num"], m["text"])
        else:
            out.append(line)
    flush()
    return "\n".join(out)
