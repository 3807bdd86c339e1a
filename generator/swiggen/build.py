"""build: compile and link an extension module, incrementally and in parallel.

Each object has a stamp (JSON) holding its compile command and a hash of every file the compiler
read for it (from -MMD); the link has one holding its command and the object hashes. A rebuild
with nothing changed runs no compiler at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import shlex
import subprocess
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path

from .diagnostics import ToolError
from .toolchain import Compiler, extension_suffix, python_include_dirs
from .write import write_text_if_changed


@dataclass(frozen=True)
class BuildOptions:
    include_dirs: tuple[str, ...] = ()
    defines: tuple[str, ...] = ()
    libraries: tuple[str, ...] = ()
    library_dirs: tuple[str, ...] = ()
    std: str = "c++17"
    optimize: str = "-O2"
    extra_compile_args: tuple[str, ...] = ()
    extra_link_args: tuple[str, ...] = ()
    jobs: int = 0  #: 0: one per CPU
    #: translation units for the wrapper (split.py): 0 automatic (large wrappers), 1 never split
    units: int = 0
    #: the Python to build for (toolchain.target_python): "" the one swiggen runs in
    python: str = ""


@dataclass
class BuildReport:
    compiled: list[str]
    linked: bool
    extension: Path


def _hash_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def _read_depfile(path: Path) -> list[str]:
    """Files listed in a make-style dependency file (escaped spaces and continuations handled)."""
    text = path.read_text(encoding="utf-8", errors="replace").replace("\\\n", " ")
    _, _, deps = text.partition(": ")
    out, current, i = [], [], 0
    while i < len(deps):
        ch = deps[i]
        if ch == "\\" and i + 1 < len(deps) and deps[i + 1] in " #":
            current.append(deps[i + 1])
            i += 2
            continue
        if ch == "$" and deps[i + 1 : i + 2] == "$":
            current.append("$")
            i += 2
            continue
        if ch.isspace():
            if current:
                out.append("".join(current))
                current = []
        else:
            current.append(ch)
        i += 1
    if current:
        out.append("".join(current))
    return out


def _up_to_date(stamp: Path, command: list[str], output: Path) -> bool:
    if not output.exists():
        return False
    try:
        data = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return False
    if data.get("command") != command:
        return False
    try:
        return all(_hash_file(p) == h for p, h in data.get("inputs", {}).items())
    except OSError:
        return False


def _run(cmd: list[str], code: str, what: str) -> None:
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as exc:
        raise ToolError(code, f"{what}: {exc}", cmd, "") from exc
    if proc.returncode != 0:
        raise ToolError(code, what, cmd, proc.stdout + proc.stderr)


#: Reports a stage of the build ("compiling foo.cpp", "linking"); see progress.py
Progress = Callable[[str], None]


def quiet(stage: str) -> None:
    pass


def compile_object(compiler: Compiler, source: Path, obj: Path, flags: list[str],
                   progress: Progress = quiet,
                   slots: threading.Semaphore | None = None,
                   counter: Callable[[], str] | None = None) -> bool:
    """Compile `source` to `obj` unless its stamp says nothing changed. True if compiled.

    `slots`, shared by the modules of a parallel build, caps the compilers running at once;
    `counter` says which compile of how many this is (" (3/7)"), for the progress line.
    """
    stamp = obj.with_suffix(".json")
    dep = obj.with_suffix(".d")
    command = _compile_command(compiler, flags, source)
    if _up_to_date(stamp, command, obj):
        return False
    tmp_obj = obj.with_name(f".{obj.name}.tmp")
    with slots if slots is not None else nullcontext():
        progress(f"compiling {source.name}{counter() if counter is not None else ''}")
        _run([*command, "-o", str(tmp_obj), "-MMD", "-MF", str(dep)], "SG403",
             f"compiling {source} failed")
    inputs = {p: _hash_file(p) for p in sorted(set(_read_depfile(dep)) | {str(source)})}
    os.replace(tmp_obj, obj)
    write_text_if_changed(stamp, json.dumps({"command": command, "inputs": inputs}, indent=1))
    return True


def _compile_command(compiler: Compiler, flags: list[str], source: Path) -> list[str]:
    return [*compiler.command, *flags, "-c", str(source)]


class _Counter:
    """" (k/N)": the k-th compile that started, of the N this build has to run."""

    def __init__(self, total: int) -> None:
        self.total, self.started, self.lock = total, 0, threading.Lock()

    def __call__(self) -> str:
        with self.lock:
            self.started += 1
            return f" ({self.started}/{self.total})"


def compile_and_link(compiler: Compiler, module: str, sources: Sequence[Path], build_dir: Path,
                     options: BuildOptions, progress: Progress = quiet,
                     slots: threading.Semaphore | None = None) -> BuildReport:
    """Build `_<module><EXT_SUFFIX>` in `build_dir` from `sources` (wrapper first)."""
    obj_dir = build_dir / "obj"
    obj_dir.mkdir(parents=True, exist_ok=True)
    flags = [f"-std={options.std}", options.optimize, "-fPIC", "-fvisibility=hidden",
             "-DNDEBUG", *(f"-I{d}" for d in python_include_dirs(options.python)),
             *(f"-I{d}" for d in options.include_dirs), *(f"-D{d}" for d in options.defines),
             *options.extra_compile_args]
    objects: list[Path] = []
    seen: dict[str, int] = {}
    for src in sources:
        stem = src.stem
        seen[stem] = seen.get(stem, 0) + 1
        suffix = "" if seen[stem] == 1 else f"-{seen[stem]}"
        digest = hashlib.sha256(str(src.resolve()).encode()).hexdigest()[:8]
        objects.append(obj_dir / f"{stem}{suffix}-{digest}.o")
    jobs = options.jobs or os.cpu_count() or 1
    pending = sum(not _up_to_date(o.with_suffix(".json"), _compile_command(compiler, flags, s), o)
                  for s, o in zip(sources, objects))
    counter = _Counter(pending)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(
            lambda so: compile_object(compiler, so[0], so[1], flags, progress, slots, counter),
            zip(sources, objects)))
    compiled = [str(s) for s, did in zip(sources, results) if did]
    extension = build_dir / f"_{module}{extension_suffix(options.python)}"
    link = [*compiler.command, "-shared", *(str(o) for o in objects),
            *(f"-L{d}" for d in options.library_dirs), *(f"-l{lib}" for lib in options.libraries),
            *options.extra_link_args]
    stamp = build_dir / "link.json"
    linked = False
    if compiled or not _up_to_date(stamp, link, extension):
        tmp = extension.with_name(f".{extension.name}.tmp")
        with slots if slots is not None else nullcontext():  # the linker is a compiler job too
            progress("linking")
            _run([*link, "-o", str(tmp)], "SG403", f"linking {extension.name} failed")
        os.replace(tmp, extension)
        inputs = {str(o): _hash_file(str(o)) for o in objects}
        write_text_if_changed(stamp, json.dumps({"command": link, "inputs": inputs}, indent=1))
        linked = True
    return BuildReport(compiled, linked, extension)


def describe(cmd: Sequence[str]) -> str:
    return shlex.join(cmd)
