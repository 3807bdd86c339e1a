"""The pipeline, stage by stage: parse -> lower -> render -> write -> swig -> build.

`generate` stops after writing NAME.i; `build` goes on to an importable module; `inspect` reports
what would be wrapped. Every stage's bad input ends in SwiggenError carrying located diagnostics;
a failing tool ends in ToolError carrying its command and output.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .compile import extension as build_mod
from .parse import parsecache
from .swig import rewrites, split
from . import rounds
from .compile import cffibuild, clinkage, leaveout, stamps
from ._version import __version__
from .diagnostics import Diagnostic, Diagnostics, Loc, SwiggenError, ToolError
from .model import Header
from .lower.plan import Instantiation, view_path
from .render.interface import interface_dir, render_interface, render_stub
from .render.view import render_views
from .swig.run import SWIG_FLAGS, run_swig
from .compile.toolchain import (COMPILE_DEFINES, Compiler, find_compiler, parse_system_dirs, preprocessor_flags,
                                swig_version)
from .render.write import copy_if_changed, write_bytes_if_changed, write_text_if_changed
from .prepare import Prepared, include_dirs, prepare
from .report import report_json
from .specs import BuildJob, ModuleSpec


def generate(spec: ModuleSpec, out_dir: Path) -> tuple[Path, list[Diagnostic]]:
    """Write OUT/NAME.i (only if its content changed). Returns its path and the warnings."""
    prepared = prepare(spec)
    path = out_dir / f"{spec.module}.i"
    _write_views(out_dir, spec.module, leaveout.for_view(prepared.headers, prepared.left_out),
                 prepared.plan.instantiations)
    write_text_if_changed(path, render_interface(prepared.plan))
    return path, prepared.warnings


@dataclass
class BuildResult:
    outputs: list[Path]
    compiled: list[str]
    swig_ran: bool
    linked: bool
    warnings: list[Diagnostic]
    swig_messages: str
    seconds: float = 0.0  #: wall time of the whole build
    #: what the post-processing of the wrapper found and rewrote (BUILD/rewrites.json): the
    #: report and SWIG's version; None if there is none
    rewrite_report: tuple[rewrites.Report, str] | None = None


@contextmanager
def _locked(build_dir: Path) -> Iterator[None]:
    """One build at a time per build folder (parallel test workers, parallel pip builds)."""
    build_dir.mkdir(parents=True, exist_ok=True)
    with open(build_dir / ".lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def parse_spec(spec: ModuleSpec, options: build_mod.BuildOptions) -> ModuleSpec:
    """One description of the toolchain: the compile's -D and the flags of its extra arguments
    that change declarations reach the parse too (distribution.py parses with it as well)."""
    return replace(spec, defines=tuple(dict.fromkeys(spec.defines + options.defines)),
                   cflags=tuple(dict.fromkeys(
                       spec.cflags + preprocessor_flags(options.extra_compile_args))))


def build(spec: ModuleSpec, sources: Sequence[str], options: build_mod.BuildOptions,
          out_dir: Path, build_dir: Path, progress: build_mod.Progress = build_mod.quiet,
          slots: threading.Semaphore | None = None,
          outputs: Sequence[str] = ("py", "ext", "pyi", "i"),
          strict: bool = False) -> BuildResult:
    """Generate, run SWIG, compile and link; leave NAME.py, _NAME*.so, NAME.pyi, NAME.i in out.

    `progress` hears each stage that does work; `slots` caps compilers across parallel module
    builds; `outputs` picks which files reach out_dir (a wheel wants no NAME.i). A declaration
    whose wrapper the compiler rejects is left out and the module rebuilt (SG420,
    compile/leaveout.py), unless `strict`: then the build fails, naming it.
    """
    start = time.monotonic()
    build_mod.forget_hashes()  # files may have changed since an earlier build in this process
    spec = parse_spec(spec, options)
    compiler = find_compiler()
    compiler_id = " ".join(compiler.command)
    dirs, resource = parse_system_dirs(compiler)
    system_dirs = (*dirs, resource)
    missing = Diagnostics()
    for src in sources:
        if not Path(src).is_file():
            missing.error(Loc(src), "SG101", f"source file '{src}' not found",
                          "check the --sources paths")
    interface = build_dir / f"{spec.module}.i"
    stub = build_dir / f"{spec.module}.pyi"

    def check_stamp() -> stamps.ParseSummary | None:
        """The last parse's summary when nothing it read has changed (its NAME.i and NAME.pyi
        in the build folder stand), else None."""
        return stamps.load(spec, compiler_id, system_dirs, build_dir, [interface, stub])

    # parse before taking the lock (bad input then leaves no build folder behind) ...
    parse_started = time.time_ns()
    summary = check_stamp()
    prepared = None
    if summary is None:
        progress("parsing")
        prepared = _prepare_first(spec, build_dir)
    if missing.errors:
        earlier = prepared.warnings if prepared else summary.warnings if summary else []
        raise SwiggenError(Diagnostics([*earlier, *missing.sorted()]))
    with _locked(build_dir):
        # ... and check the stamp again under it: another build may have rewritten the folder
        if prepared is None:
            summary = check_stamp()
            if summary is None:
                parse_started = time.time_ns()
                prepared = _prepare_first(spec, build_dir)
        if prepared is not None:
            summary = stamps.ParseSummary(prepared.typemap_files, prepared.warnings,
                                           prepared.header_paths)
            stamps.forget(build_dir)
            _write_generated(prepared, interface, stub, build_dir, spec.module)
            parsecache.save(prepared.parse_cache)
        assert summary is not None
        asked = spec  # (the parse stamp's key)
        if summary.headers:  # with the headers umbrellas stand for (parse/umbrella.py)
            spec = replace(spec, headers=summary.headers)
        swig_dirs, compile_dirs = include_dirs(spec, summary.typemap_files)
        quote = _quote_dirs(spec, compile_dirs, dirs)
        opts = build_mod.BuildOptions(
            include_dirs=tuple(d for d in compile_dirs if d not in quote) + options.include_dirs,
            quote_dirs=quote,
            defines=tuple(spec.defines),
            libraries=options.libraries,
            library_dirs=options.library_dirs,
            std=spec.std,
            optimize=options.optimize,
            extra_compile_args=options.extra_compile_args,
            extra_link_args=options.extra_link_args,
            jobs=options.jobs,
            python=options.python,
            pch=options.pch,
            pypy_cffi=options.pypy_cffi,
        )
        # the user's sources do not need SWIG's output: they compile while SWIG runs
        slots = slots or threading.Semaphore(options.jobs or os.cpu_count() or 1)
        counter = build_mod.Counter()  # "compiling X (k/N)" across sources and units
        messages = ""
        try:
            started = build_mod.start(compiler, [Path(s).resolve() for s in sources],
                                      build_dir, opts, progress, slots, counter)
            left: dict[str, leaveout.LeftOut] = {}
            # C headers without `extern "C"` (clinkage.py): as the last build found them
            as_c = clinkage.load(build_dir)
            swig_ran = False
            try:
                for round_ in range(leaveout.MAX_ROUNDS + 1):
                    last = round_ == leaveout.MAX_ROUNDS
                    try:
                        ran, messages = _swig_step(spec, swig_dirs, summary.typemap_files,
                                                   interface, build_dir, progress)
                    except ToolError as exc:  # SWIG's errors, at the declarations' lines
                        found = rounds.blame_swig(exc, build_dir, asked, prepared, left)
                        if strict or not found or last:
                            raise rounds.traced(exc, found or list(left.values()), build_dir)
                    else:
                        swig_ran = swig_ran or ran
                        wrapper = build_dir / f"{spec.module}_wrap.cxx"
                        units, refused = split.sources(wrapper, options.units, progress)
                        try:
                            report, refused = _compile(compiler, spec.module, wrapper, units,
                                                       build_dir, opts, progress, slots,
                                                       started, counter, refused)
                        except ToolError as exc:
                            found = rounds.blame(exc, units, build_dir, asked, prepared, left)
                            if strict or not found or last:
                                raise rounds.traced(exc, found or list(left.values()), build_dir)
                        else:
                            found, c_now = rounds.unresolved(asked, report, opts, prepared, left,
                                                             strict, last, summary.warnings,
                                                             as_c)
                            if c_now != as_c:  # C headers that do not say so: include as C
                                as_c = c_now
                                progress(f"including {len(as_c)} header(s) as C "
                                         "(the library defines their functions with C linkage)")
                            elif not found:
                                break
                    # leave them out: lower, write and build again (only what changed compiles)
                    if found:
                        left.update((f.origin.key, f) for f in found)
                        progress(f"leaving out {len(left)} declaration(s) the compiler rejected")
                    prepared = prepare(asked, build_dir / parsecache.FOLDER,
                                       [f.origin for f in left.values()])
                    prepared.plan = clinkage.with_c_includes(prepared.plan, prepared.headers,
                                                             as_c)
                    _write_generated(prepared, interface, stub, build_dir, spec.module)
            finally:
                started.settle()  # nothing compiles in the build folder once it is unlocked
            clinkage.save(build_dir, as_c)
            if left and prepared is not None:
                summary = stamps.ParseSummary(
                    prepared.typemap_files,
                    prepared.warnings + leaveout.warnings(list(left.values())),
                    prepared.header_paths)
        except (SwiggenError, ToolError) as exc:
            # what the stages before the failure warned about (swiggen, SWIG) is still worth
            # reading: it may explain the failure
            shown = {str(d) for d in exc.diagnostics.items} \
                if isinstance(exc, SwiggenError) else set()
            exc.earlier_warnings = [w for w in summary.warnings if str(w) not in shown]
            exc.swig_messages = messages
            raise
        cffi_warnings: list[Diagnostic] = []
        made = {"py": build_dir / f"{spec.module}.py", "ext": report.extension, "pyi": stub,
                "i": interface}
        copied = []
        for kind in outputs:
            dst = out_dir / made[kind].name
            copy_if_changed(made[kind], dst)
            copied.append(dst)
        if "ext" in outputs:  # PyPy's cffi module for the free functions (cffibuild.py)
            cffi, no_cffi = cffibuild.build(compiler, spec.module, build_dir, report.extension,
                                            opts.python, report.linked, opts.extra_link_args,
                                            slots) if opts.pypy_cffi else (None, None)
            dst = out_dir / cffibuild.name(spec.module, opts.python)
            if cffi is not None:
                copy_if_changed(cffi, dst)
                copied.append(dst)
            elif dst.exists():  # (built before, now off: NAME.py would still load it)
                dst.unlink()
            if no_cffi is not None:
                cffi_warnings.append(no_cffi)
        if "i" in outputs:  # NAME.i reads the views next to it
            for view in _views(build_dir, spec.module):
                copy_if_changed(view, out_dir / view.relative_to(build_dir))
        if prepared is not None:
            # the build's own report, and what it left out (inspect --report reads it)
            write_text_if_changed(build_dir / REPORT, report_json(prepared, summary.warnings))
            write_text_if_changed(build_dir / leaveout.FILE,
                                  leaveout.save(build_dir, prepared.left_out))
            stamps.save(asked, compiler_id, system_dirs, build_dir, _files_read(spec, prepared),
                        summary, parse_started)
    # the post-processing's report, kept from the run of SWIG that made the wrapper
    rewritten = rewrites.load(build_dir / rewrites.FILE)
    slow = rewrites.diagnostics(*rewritten, wrapper) if rewritten else []
    warnings = summary.warnings + slow + ([refused] if refused else []) + cffi_warnings
    return BuildResult(copied, report.compiled, swig_ran, report.linked, warnings,
                       messages, time.monotonic() - start, rewritten)


def _prepare_first(spec: ModuleSpec, build_dir: Path) -> Prepared:
    """The first lowering of a build: with the C headers the last build found (clinkage.py)."""
    prepared = prepare(spec, build_dir / parsecache.FOLDER)
    prepared.plan = clinkage.with_c_includes(prepared.plan, prepared.headers,
                                             clinkage.load(build_dir))
    return prepared


def _quote_dirs(spec: ModuleSpec, compile_dirs: Sequence[str],
                system_dirs: Sequence[str]) -> tuple[str, ...]:
    """The wrapped headers' own folders that lie inside a system include folder (an installed
    library's `/usr/include/flatbuffers`) and no -I names: searched for the wrapper's
    `#include "x.h"` only (-iquote), so that a `string.h` of the library's never stands for
    the C library's `<string.h>`."""
    roots = [os.path.join(os.path.realpath(d), "") for d in system_dirs]
    asked = {os.path.realpath(d) for d in spec.include_dirs}
    return tuple(d for d in compile_dirs
                 if os.path.realpath(d) not in asked and any(
                     os.path.join(os.path.realpath(d), "").startswith(r) and
                     os.path.realpath(d) != r.rstrip(os.sep) for r in roots))


def _write_generated(prepared: Prepared, interface: Path, stub: Path, build_dir: Path,
                     module: str) -> None:
    """NAME.i, NAME.pyi, the declaration views and the headers' segments, from one lowering."""
    write_text_if_changed(interface, render_interface(prepared.plan))
    write_text_if_changed(stub, render_stub(prepared.plan))
    write_text_if_changed(cffibuild.file(build_dir, module), cffibuild.cdef(prepared.plan))
    write_text_if_changed(build_dir / SEGMENTS, json.dumps(
        {h.real: h.segments for h in prepared.headers if h.segments}))
    _write_views(build_dir, module, leaveout.for_view(prepared.headers, prepared.left_out),
                 prepared.plan.instantiations)


def _compile(compiler: Compiler, module: str, wrapper: Path, units: list[Path],
             build_dir: Path, opts: build_mod.BuildOptions, progress: build_mod.Progress,
             slots: threading.Semaphore, started: build_mod.Started,
             counter: build_mod.Counter, refused: Diagnostic | None
             ) -> tuple[build_mod.BuildReport, Diagnostic | None]:
    """Compile the wrapper's units (and wait for the user's sources), and link; and why the
    wrapper was not split (SG501/SG502), if it was not."""
    try:
        return build_mod.compile_and_link(
            compiler, module, units, build_dir, opts, progress, slots,
            _segments(build_dir) if len(units) > 1 else None, len(units), started,
            counter), refused
    except ToolError as exc:  # code before the wrappers that must exist once
        refused = split.link_failure(wrapper, units, exc.output)
        if refused is None:
            raise
        return build_mod.compile_and_link(compiler, module, [wrapper], build_dir, opts,
                                          progress, slots, started=started,
                                          counter=counter), refused


#: the wrapped headers' segments from the last parse (segments.py), by real path
SEGMENTS = "segments.json"
#: what the module built wraps and skips, and why (report.report_json)
REPORT = "report.json"
def _write_views(folder: Path, module: str, headers: Sequence[Header],
                 instantiations: Sequence[Instantiation] = ()) -> None:
    """The declaration view of every header (render/view.py), next to NAME.i in `folder`;
    views of headers no longer wrapped are removed. `instantiations`: the plan's (a base
    instance is instantiated in the view, before its derived class)."""
    views = render_views(module, headers, instantiations)
    for name, text in views.items():
        write_text_if_changed(folder / name, text)
    for old in _views(folder, module):
        if old.relative_to(folder).as_posix() not in views:
            old.unlink()


def _views(folder: Path, module: str) -> list[Path]:
    where = folder / view_path(module, "")
    return sorted(p for p in where.glob("*") if p.is_file()) if where.is_dir() else []


def _segments(build_dir: Path) -> dict[str, Any] | None:
    try:
        data = json.loads((build_dir / SEGMENTS).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _files_read(spec: ModuleSpec, prepared: Prepared) -> list[str]:
    """Every file a parse of `spec` read: headers with their includes, config, typemaps, imports."""
    read = list(spec.headers) + list(prepared.typemap_files) + list(spec.imports)
    for h in prepared.headers:
        read += [h.real, *h.includes]
    # the config, or the ./pyproject.toml load_config looks for without one (present or not)
    read.append(spec.config or "pyproject.toml")
    return read


#: Hears (module, stage) from a multi-module build; stage "done"/"failed" ends a module
Reporter = Callable[[str, str], None]


def build_many(jobs: Sequence[BuildJob], max_jobs: int = 0,
               report: Reporter | None = None) -> list[BuildResult | BaseException]:
    """Build several modules at once, at most `max_jobs` compilers (0: one per CPU) in total.

    Returns one BuildResult, or the exception that stopped it, per job, in order: one failing
    module does not stop the others.
    """
    n = max_jobs or os.cpu_count() or 1
    slots = threading.BoundedSemaphore(n)

    def tell(module: str, stage: str) -> None:
        if report is not None:
            report(module, stage)

    def one(job: BuildJob) -> BuildResult | BaseException:
        name = job.spec.module
        try:
            result = build(job.spec, job.sources, job.options, job.out_dir, job.build_dir,
                           progress=lambda stage: tell(name, stage), slots=slots,
                           outputs=job.outputs, strict=job.strict)
        except Exception as exc:  # reported with the module's name by the caller
            tell(name, "failed")
            return exc
        did = result.swig_ran or result.compiled or result.linked
        tell(name, "done" if did else "up to date")
        return result

    # a module that imports another's interface builds after it: in waves, so that a thread
    # never waits on work queued behind it
    results: dict[int, BuildResult | BaseException] = {}
    interfaces = {str(job.build_dir / f"{job.spec.module}.i"): i for i, job in enumerate(jobs)}
    deps = {i: {interfaces[p] for p in job.spec.imports if p in interfaces} - {i}
            for i, job in enumerate(jobs)}
    with ThreadPoolExecutor(max_workers=max(1, min(n, len(jobs)))) as pool:
        while len(results) < len(jobs):
            wave = [i for i in range(len(jobs)) if i not in results and deps[i] <= set(results)]
            if not wave:  # an import cycle: build the rest anyway, SWIG will say what is missing
                wave = [i for i in range(len(jobs)) if i not in results]
            for i, result in zip(wave, pool.map(one, [jobs[i] for i in wave])):
                results[i] = result
    return [results[i] for i in range(len(jobs))]


def link_imports(jobs: Sequence[BuildJob], names: Sequence[str],
                 imports: Sequence[Sequence[str]]) -> list[BuildJob]:
    """Point each job's imports (other jobs' extension names) at those jobs' interfaces."""
    by_name = {name: job for name, job in zip(names, jobs)}
    out = []
    for job, wanted in zip(jobs, imports):
        found = [by_name[w] for w in wanted if w in by_name]
        paths = tuple(str(d.build_dir / f"{d.spec.module}.i") for d in found)
        # SWIG reads the imported interface, which %includes that module's headers
        dirs = tuple(dict.fromkeys(
            [*job.spec.include_dirs]
            + [i for d in found for i in d.spec.include_dirs]
            + [str(Path(h).parent) for d in found for h in d.spec.headers]))
        out.append(replace(job, spec=replace(job.spec, imports=job.spec.imports + paths,
                                             include_dirs=dirs)) if found else job)
    return out


def _swig_step(spec: ModuleSpec, swig_dirs: tuple[str, ...], typemap_files: Sequence[str],
               interface: Path, build_dir: Path,
               progress: build_mod.Progress = build_mod.quiet) -> tuple[bool, str]:
    """Run SWIG unless the interface, headers, swiggen's library and flags are all unchanged."""
    h = hashlib.sha256()
    # SWIG's version too: `pip install -U swig` must run the new SWIG
    h.update(f"{__version__}\0{swig_version()}\0{' '.join(SWIG_FLAGS)}\0".encode())
    defines = swig_defines(spec)
    h.update("\0".join(swig_dirs + defines).encode())
    inputs = [interface, *(Path(p) for p in spec.headers)]
    inputs += sorted(interface_dir().rglob("*.swg"))
    inputs += [Path(t) for t in typemap_files]
    inputs += [Path(i) for i in spec.imports]
    inputs += _views(build_dir, spec.module)
    # the SWIG invocation and the wrapper post-processors shape the wrapper too
    inputs += [Path(__file__).parent.joinpath(*f"{name}.py".split("/")) for name in (
        "swig/run", "swig/fastcall", "swig/swigshapes", "swig/typeobjects",
        "swig/freelists", "swig/scalars", "swig/docsigs", "swig/argerrors", "swig/rewrites",
        "swig/directorfix", "swig/kwdispatch")]
    for path in inputs:
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    key = h.hexdigest()
    stamp = build_dir / "swig.json"
    outputs = [build_dir / f"{spec.module}_wrap.cxx", build_dir / f"{spec.module}.py",
               build_dir / rewrites.FILE]
    try:
        last = json.loads(stamp.read_text())
        if last.get("key") == key and all(p.exists() for p in outputs):
            return False, last.get("messages", "")  # SWIG's warnings again, as parse's are
    except (OSError, ValueError):
        pass
    progress("swig")
    result = run_swig(interface, spec.module, build_dir, swig_dirs, defines)
    if result.rewrites is not None:
        rewrites.save(*result.rewrites, build_dir / rewrites.FILE)
    write_text_if_changed(stamp, json.dumps({"key": key, "messages": result.warnings}))
    return True, result.warnings


def swig_defines(spec: ModuleSpec) -> tuple[str, ...]:
    """What SWIG's preprocessor defines: what the parse and the compile define (the compile's
    own `NDEBUG`, the module's `-D`, and the `-D`/`-U` of its compile flags, `-U` as `NAME`
    left out), so that SWIG reads the declarations libclang parsed."""
    undefined = {f[2:] for f in spec.cflags if f.startswith("-U") and len(f) > 2}
    flags = [f[2:] for f in spec.cflags if f.startswith("-D") and len(f) > 2]
    return tuple(d for d in dict.fromkeys((*COMPILE_DEFINES, *spec.defines, *flags))
                 if d.split("=")[0] not in undefined)


def default_build_dir(module: str) -> Path:
    return Path(os.getcwd()) / "build" / "swiggen" / module
