"""build: compile and link an extension module, incrementally and in parallel.

Each object has a stamp (JSON) holding its compile command and a hash of every file the compiler
read for it (from -MMD); the link has one holding its command and the object hashes. A rebuild
with nothing changed runs no compiler at all.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_all
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..diagnostics import ToolError
from ..render.write import write_text_if_changed
from . import headerdiff, pch
from .toolchain import COMPILE_DEFINES, Compiler, extension_suffix, python_include_dirs


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
    #: precompile a split wrapper's prelude where the compiler allows it (pch.py)
    pch: bool = True
    #: folders searched for `#include "x.h"` only (-iquote): a wrapped header's own folder
    #: inside a system include folder, whose files must not shadow `<string.h>` and the like
    #: (flatbuffers ships a string.h beside flatbuffers.h)
    quote_dirs: tuple[str, ...] = ()
    #: a PyPy target also gets `_NAME_cffi` for the free functions cffi can call (cffibuild.py)
    pypy_cffi: bool = True


@dataclass
class BuildReport:
    compiled: list[str]
    linked: bool
    extension: Path


def _hash_file(path: str) -> str:
    """The sha256 of `path`, hashed once per build process while its size and mtime stay: the
    33 units of a split module read the same prelude and headers, checked twice each."""
    st = os.stat(path)
    key = (path, st.st_ino, st.st_size, st.st_mtime_ns)
    with _HASH_LOCK:
        known = _HASHES.get(key)
    if known is not None:
        return known
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 16), b""):
            h.update(block)
    with _HASH_LOCK:
        _HASHES[key] = h.hexdigest()
    return h.hexdigest()


_HASHES: dict[tuple[str, int, int, int], str] = {}
_HASH_LOCK = threading.Lock()


def forget_hashes() -> None:
    """Forget the files hashed (and read for headerdiff) so far: each build starts afresh, so a
    file edited between two builds of one process (same size, an mtime too coarse to differ) is
    never taken for its old self."""
    with _HASH_LOCK:
        _HASHES.clear()
    headerdiff.forget()


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


def _up_to_date(stamp: Path, command: list[str], output: Path,
                headers: Mapping[str, Any] | None = None) -> bool:
    """Whether `output` is what `command` would make now. With `headers` (a split unit's wrapped
    headers, by real path: their hash and segments), an edited header that cannot change this
    unit's object (headerdiff.py) does not count as changed."""
    if not output.exists():
        return False
    try:
        data = json.loads(stamp.read_text())
    except (OSError, ValueError):
        return False
    if data.get("command") != command:
        return False
    inputs: dict[str, str] = data.get("inputs", {})
    kept: dict[str, Any] = data.get("segments", {})
    try:
        for path, digest in inputs.items():
            now = _hash_file(path)
            if now == digest:
                continue
            record = (headers or {}).get(os.path.realpath(path))
            if path not in kept or record is None or record["sha256"] != now or \
                    kept[path]["algorithm"] != record["algorithm"] or \
                    not headerdiff.unaffected(kept[path]["segments"], record["segments"],
                                              [p for p in inputs if p != path and
                                               not p.startswith(_python_headers())],
                                              (f"{path}\0{digest}", now)):
                return False
        return True
    except (OSError, KeyError, TypeError):
        return False


def _python_headers() -> tuple[str, ...]:
    """Python's include folders: its C API names nothing of a wrapped header (headerdiff.py
    treats them as the compiler's system headers, which -MMD leaves out)."""
    return tuple(os.path.join(d, "") for d in python_include_dirs())


#: print each tool's command line to stderr as it starts (`swiggen build -v`)
ECHO = threading.Event()


def echo(cmd: Sequence[str]) -> None:
    """Show `cmd` on stderr if -v asked for the commands."""
    if ECHO.is_set():
        print(f"$ {shlex.join(cmd)}", file=sys.stderr, flush=True)


def _run(cmd: list[str], code: str, what: str) -> None:
    echo(cmd)
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True)
    except OSError as exc:
        raise ToolError(code, f"{what}: {exc}", cmd, "") from exc
    if proc.returncode != 0:
        output = proc.stdout + proc.stderr
        absent = dict.fromkeys(re.findall(
            r"(?:cannot find|unable to find library) -l(\S+?)(?::|$)", output, re.M))
        if absent:  # the linker's own words name no fix: say what to do
            files = ", ".join(n[1:] if n.startswith(":") else f"lib{n}.so" for n in absent)
            what += (f": no library {files} in the linker's folders (-l "
                     + " -l ".join(absent) + "): install the package that has it (Debian: "
                     "its -dev package), pass -L DIR where it is, or check the name")
        raise ToolError(code, what, cmd, output)


#: Reports a stage of the build ("compiling foo.cpp", "linking"); see progress.py
Progress = Callable[[str], None]


def quiet(stage: str) -> None:
    pass


class Counter:
    """" (k/N)" for the progress line: the k-th compile that started, of the N found out of
    date so far (the user's sources start before SWIG has written the wrapper's units)."""

    def __init__(self) -> None:
        self.total, self.started, self.lock = 0, 0, threading.Lock()

    def expect(self, n: int) -> None:
        with self.lock:
            self.total += n

    def __call__(self) -> str:
        with self.lock:
            self.started += 1
            return f" ({self.started}/{max(self.total, self.started)})"


def _compile_command(compiler: Compiler, flags: list[str], source: Path) -> list[str]:
    """The compile command of `source` (its stamp records it: both uses must agree)."""
    return [*compiler.command, *flags, "-c", str(source)]


def _pending(compiler: Compiler, sources: Sequence[Path], objects: Sequence[Path],
             flags: list[str], headers: Mapping[str, Any] | None = None,
             units: int = 0) -> list[bool]:
    """Which of `sources` are out of date (for the counter; the compiles check again)."""
    return [not _up_to_date(o.with_suffix(".json"), _compile_command(compiler, flags, s),
                            o, headers if i < units else None)
            for i, (s, o) in enumerate(zip(sources, objects))]


def compile_object(compiler: Compiler, source: Path, obj: Path, flags: list[str],
                   progress: Progress = quiet,
                   slots: threading.Semaphore | None = None,
                   headers: Mapping[str, Any] | None = None,
                   counter: Counter | None = None, extra: Sequence[str] = ()) -> bool:
    """Compile `source` to `obj` unless its stamp says nothing changed. True if compiled.

    `slots`, shared by the modules of a parallel build, caps the compilers running at once;
    `headers`: for a split unit, the wrapped headers' segments (`_up_to_date`); `counter`
    numbers the compiles on the progress line; `extra` flags change the depfile, not the object
    (not in the stamp).
    """
    stamp = obj.with_suffix(".json")
    dep = obj.with_suffix(".d")
    command = _compile_command(compiler, flags, source)
    if _up_to_date(stamp, command, obj, headers):
        return False
    tmp_obj = obj.with_name(f".{obj.name}.tmp")
    with slots if slots is not None else nullcontext():
        progress(f"compiling {source.name}{counter() if counter is not None else ''}")
        _run([*command, *extra, "-o", str(tmp_obj), "-MMD", "-MF", str(dep)], "SG403",
             f"compiling {source} failed")
    inputs = {p: _hash_file(p) for p in sorted(set(_read_depfile(dep)) | {str(source)})}
    os.replace(tmp_obj, obj)
    data: dict[str, Any] = {"command": command, "inputs": inputs}
    if headers:  # the segments of the wrapped headers as compiled
        records = {p: headers.get(os.path.realpath(p)) for p in inputs}
        data["segments"] = {p: {"algorithm": r["algorithm"], "segments": r["segments"]}
                            for p, r in records.items()
                            if r is not None and r["sha256"] == inputs[p]}
    write_text_if_changed(stamp, json.dumps(data, indent=1))
    return True


def _flags(options: BuildOptions) -> list[str]:
    return [f"-std={options.std}", options.optimize, "-fPIC", "-fvisibility=hidden",
            *(f"-D{d}" for d in COMPILE_DEFINES),
            *(f"-I{d}" for d in python_include_dirs(options.python)),
            *(f"-iquote{d}" for d in options.quote_dirs),
            *(f"-I{d}" for d in options.include_dirs), *(f"-D{d}" for d in options.defines),
            *options.extra_compile_args]


def _objects(sources: Sequence[Path], obj_dir: Path) -> list[Path]:
    objects: list[Path] = []
    seen: dict[str, int] = {}
    for src in sources:
        stem = src.stem
        seen[stem] = seen.get(stem, 0) + 1
        suffix = "" if seen[stem] == 1 else f"-{seen[stem]}"
        digest = hashlib.sha256(str(src.resolve()).encode()).hexdigest()[:8]
        objects.append(obj_dir / f"{stem}{suffix}-{digest}.o")
    return objects


@dataclass
class Started:
    """Compiles running in the background (`start`): the user's sources, while SWIG runs."""

    sources: list[Path]
    objects: list[Path]
    futures: list[Future[bool]]

    def settle(self) -> None:
        """Wait for every compile to end (failed or not)."""
        wait_all(self.futures)

    def wait(self) -> list[bool]:
        """Whether each source was compiled; raises the first compile's failure."""
        wait_all(self.futures)
        return [f.result() for f in self.futures]


def start(compiler: Compiler, sources: Sequence[Path], build_dir: Path, options: BuildOptions,
          progress: Progress = quiet, slots: threading.Semaphore | None = None,
          counter: Counter | None = None) -> Started:
    """Start compiling `sources` (not the wrapper) in background threads; `compile_and_link`
    waits for them. `slots` must then cap the compilers of both."""
    obj_dir = build_dir / "obj"
    obj_dir.mkdir(parents=True, exist_ok=True)
    objects = _objects(sources, obj_dir)
    flags = _flags(options)
    if counter is not None:
        counter.expect(sum(_pending(compiler, sources, objects, flags)))
    pool = ThreadPoolExecutor(max_workers=max(1, min(len(objects), options.jobs or
                                                     os.cpu_count() or 1)))
    futures = [pool.submit(compile_object, compiler, src, obj, flags, progress, slots, None,
                           counter)
               for src, obj in zip(sources, objects)]
    pool.shutdown(wait=False)
    return Started(list(sources), objects, futures)


def compile_and_link(compiler: Compiler, module: str, sources: Sequence[Path], build_dir: Path,
                     options: BuildOptions, progress: Progress = quiet,
                     slots: threading.Semaphore | None = None,
                     headers: Mapping[str, Any] | None = None,
                     units: int = 0, started: Started | None = None,
                     counter: Counter | None = None) -> BuildReport:
    """Build `_<module><EXT_SUFFIX>` in `build_dir` from `sources` (wrapper first; its first
    `units` are a split wrapper's units, compiled with the wrapped `headers`' segments) and the
    compiles `started` before."""
    obj_dir = build_dir / "obj"
    obj_dir.mkdir(parents=True, exist_ok=True)
    flags = _flags(options)
    objects = _objects(sources, obj_dir)
    jobs = options.jobs or os.cpu_count() or 1
    if counter is None:
        counter = Counter()
    pending = _pending(compiler, sources, objects, flags, headers, units)
    counter.expect(sum(pending))
    precompile, extra = _prelude_pch(compiler, sources, units, flags, options,
                                     sum(pending[:units]))
    if precompile is not None:
        counter.expect(1)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        # first in the queue: with -j 1 it runs before any unit; with more, unit 0 (which does
        # not wait for it) compiles alongside
        ready = pool.submit(precompile, progress, slots, counter) if precompile else None

        def one(i: int, source: Path, obj: Path) -> bool:
            if ready is not None and 1 <= i < units:
                ready.result()
            return compile_object(compiler, source, obj, flags, progress, slots,
                                  headers if i < units else None, counter,
                                  extra if i < units else ())

        futures = {i: pool.submit(one, i, sources[i], objects[i])
                   for i in _longest_first(sources, pending)}
        results = _all_results([futures[i] for i in range(len(sources))])
    if started is not None:
        sources = [*sources, *started.sources]
        objects += started.objects
        results += started.wait()
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


def _all_results(futures: Sequence[Future[bool]]) -> list[bool]:
    """Each compile's result; when some failed, one ToolError with every failed unit's output
    (all of a round's errors are traced to declarations at once: pipeline.py)."""
    failed = [f.exception() for f in futures]
    errors = [e for e in failed if e is not None]
    if not errors:
        return [f.result() for f in futures]
    first = errors[0]
    if not isinstance(first, ToolError) or len(errors) == 1:
        raise first
    outputs = [e.output for e in errors if isinstance(e, ToolError)]
    raise ToolError(first.code, f"{first} (and {len(errors) - 1} more)", first.command,
                    "\n".join(outputs))


def _longest_first(sources: Sequence[Path], pending: Sequence[bool]) -> list[int]:
    """The order to start `sources` (the wrapper or its units first) in: those to compile first,
    the wrapper's first unit (unit 0, which does not wait for the precompiled prelude) before
    the others, these by size, largest first (the longest compiles start first, so the last to
    end is a short one and -j N's compilers end together); ties keep the sources' order."""
    def size(i: int) -> int:
        try:
            return sources[i].stat().st_size
        except OSError:
            return 0

    return sorted(range(len(sources)),
                  key=lambda i: (not pending[i], i != 0, -size(i) if pending[i] else 0, i))


def _prelude_pch(compiler: Compiler, sources: Sequence[Path], units: int, flags: list[str],
                 options: BuildOptions, to_compile: int
                 ) -> tuple[Callable[[Progress, threading.Semaphore | None, Counter], bool]
                            | None, tuple[str, ...]]:
    """The precompiled header of a split wrapper's prelude (pch.py): a stale one is removed now,
    before any unit could read it; returns the job that builds it (None: no PCH is built) and
    the units' extra flags."""
    if units < 2:
        if sources and sources[0].name.endswith("_wrap.cxx"):  # split before, whole now
            pch.output(sources[0].with_name(sources[0].name[:-len(".cxx")] + "_prelude.h")
                       ).unlink(missing_ok=True)
        return None, ()
    prelude = pch.header(sources)
    gch, gch_flags = pch.output(prelude), pch.flags(flags)
    use = options.pch and pch.supported(compiler)
    if use and _up_to_date(gch.with_suffix(".json"),
                           _compile_command(compiler, gch_flags, prelude), gch):
        return None, pch.UNIT_FLAGS
    gch.unlink(missing_ok=True)
    if not use:
        return None, ()
    if to_compile < pch.MIN_UNITS:
        return None, pch.UNIT_FLAGS

    def precompile(progress: Progress, slots: threading.Semaphore | None,
                   counter: Counter) -> bool:
        try:
            return compile_object(compiler, prelude, gch, gch_flags, progress, slots,
                                  counter=counter)
        except ToolError:  # the units compile the text (and say what is wrong with it)
            gch.unlink(missing_ok=True)
            return False

    return precompile, pch.UNIT_FLAGS


def describe(cmd: Sequence[str]) -> str:
    return shlex.join(cmd)
