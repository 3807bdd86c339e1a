"""The `swiggen` command: generate, build, inspect.

Exit status: 0 success, 1 bad input or a failing tool (one line per problem, `file:line: ...`),
2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from . import __version__, pkgconfig, project, wrapmode
from .compile import leaveout
from .parse.annotations import is_identifier
from .compile.extension import ECHO, BuildOptions, quiet
from .compile.toolchain import preprocessor_flags
from .diagnostics import Diagnostic, Diagnostics, Loc, SwiggenError, ToolError
from .listing import inspect_text
from .pipeline import BuildResult, build, build_many, default_build_dir, generate, link_imports
from .prepare import prepare
from .progress import ProgressDisplay
from .report import report_text
from .buildprint import print_build_warnings as _print_build_warnings
from .buildprint import print_failure as _print_failure, print_warnings as _print_warnings
from .buildprint import summary as _summary, swig_warnings as _swig_warnings
from .specs import BuildJob, ModuleSpec


def _common(p: argparse.ArgumentParser, module_required: bool = True,
            headers: str = "+") -> None:
    p.add_argument("headers", nargs=headers, metavar="HEADER", help="C++ headers to wrap")
    if module_required:
        p.add_argument("-m", "--module", required=True, metavar="NAME",
                       help="Python module name")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR",
                   help="add an include directory (parsing, SWIG and compiling)")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                   help="define a preprocessor macro")
    p.add_argument("--pkg-config", dest="pkg_config", action="append", default=[],
                   metavar="NAME", help="an installed library's flags from pkg-config: its "
                   "include folders and macros (parsing, SWIG, compiling) and, for build, its "
                   "libraries (repeat for more)")
    p.add_argument("--std", default="c++17", help="C++ standard (default: c++17)")
    p.add_argument("--config", metavar="FILE",
                   help="TOML config with [annotations] (default: [tool.swiggen] in "
                        "./pyproject.toml, if present)")
    p.add_argument("--typemap", dest="typemaps", action="append", default=[], metavar="FILE",
                   help="a SWIG typemap file to %%include before the headers")
    p.add_argument("--import", dest="imports", action="append", default=[], metavar="FILE.i",
                   help="the NAME.i of another swiggen module whose classes these headers use "
                        "(the modules then share objects; import that module first)")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="swiggen",
        description="Annotated C++ headers -> SWIG interfaces -> Python extension modules.",
    )
    ap.add_argument("--version", action="version", version=f"swiggen {__version__}")
    ap.add_argument("--cmake-dir", action=_CMakeDir, nargs=0,
                    help="print the folder of swiggen's CMake package (swiggen_DIR for "
                         "find_package(swiggen CONFIG): docs/cmake.md) and exit")
    sub = ap.add_subparsers(dest="command", required=True)

    g = sub.add_parser("generate", help="write NAME.i for the headers")
    _common(g)
    g.add_argument("-o", "--output", default=".", metavar="DIR", help="output folder")

    b = sub.add_parser(
        "build", help="generate, run SWIG, compile and link an importable module",
        description="Without HEADERs: build every module of [[tool.swiggen.modules]] in "
                    "./pyproject.toml (-m NAME picks some), in parallel.")
    _common(b, module_required=False, headers="*")
    b.add_argument("-m", "--module", action="append", default=[], metavar="NAME",
                   help="Python module name (required with HEADERs; without, a module of "
                        "pyproject.toml to build: repeatable)")
    b.add_argument("--sources", nargs="+", default=[], metavar="FILE",
                   help="C++ sources to compile into the module")
    b.add_argument("-l", dest="libraries", action="append", default=[], metavar="LIB",
                   help="link with a library")
    b.add_argument("-L", dest="library_dirs", action="append", default=[], metavar="DIR",
                   help="add a library directory")
    b.add_argument("-o", "--output", metavar="DIR",
                   help="where NAME.py, _NAME*.so, NAME.pyi and NAME.i go (default: the "
                        "current folder; for pyproject modules, the packages' root)")
    b.add_argument("--build-dir", metavar="DIR",
                   help="intermediate files (default: ./build/swiggen/NAME)")
    b.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                   help="parallel compile jobs, across modules (default: number of CPUs)")
    b.add_argument("--units", type=int, default=None, metavar="N",
                   help="translation units for a module's wrapper: N compile in parallel "
                        "(default 0: a large wrapper is split automatically; 1: never split)")
    b.add_argument("--no-pch", dest="pch", action="store_false",
                   help="compile a split wrapper's units without a precompiled header of their "
                        "shared prelude (default: one with gcc, unless CXX has a launcher)")
    b.add_argument("--no-pypy-cffi", dest="pypy_cffi", action="store_false",
                   help="for a PyPy target, call every function through PyPy's C API emulation "
                        "(default: free functions of scalars through cffi, docs/pypy.md)")
    b.add_argument("-O", dest="optimize", default="2", choices=["0", "1", "2", "3", "s"],
                   help="optimisation level (default: 2)")
    b.add_argument("--python", default="", metavar="PATH",
                   help="build for this Python (e.g. /usr/bin/pypy3, python3.12): its headers "
                        "and extension suffix (default: the Python swiggen runs in)")
    b.add_argument("-q", "--quiet", action="store_true",
                   help="print only warnings and errors: no progress, no summary")
    b.add_argument("-v", "--verbose", action="store_true",
                   help="print every warning (by default, past 20 lines, one line per kind), "
                        "and what the post-processing of SWIG's wrapper found and rewrote, "
                        "per kind (BUILD/rewrites.json)")

    w = sub.add_parser(
        "wrap", help="generate, run SWIG and post-process: the wrapper sources, flags and "
                     "NAME.py for another build system to compile (CMake, Meson: docs/cmake.md)")
    _common(w)
    wrapmode.add_arguments(w)

    i = sub.add_parser("inspect", help="print what would be wrapped; writes nothing")
    _common(i, module_required=False)
    i.add_argument("-m", "--module", default="", metavar="NAME", help=argparse.SUPPRESS)
    i.add_argument("--report", action="store_true",
                   help="per header: how many declarations are wrapped, skipped, and why")

    from . import check
    check.add_arguments(sub.add_parser(
        "check", help="probe a built module with adversarial inputs; report crashes, hangs, "
                      "leaks (docs/check.md)"))
    return ap


class _CMakeDir(argparse.Action):
    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        print(Path(__file__).resolve().parent / "cmake")
        parser.exit()


def _spec(args: argparse.Namespace) -> ModuleSpec:
    pkg = pkgconfig.flags(args.pkg_config)
    return ModuleSpec(
        module=args.module or Path(args.headers[0]).stem,
        headers=tuple(args.headers),
        include_dirs=tuple(args.include_dirs) + pkg.include_dirs,
        defines=tuple(args.defines) + pkg.defines,
        cflags=preprocessor_flags(pkg.compile_args),
        std=args.std,
        config=args.config,
        typemaps=tuple(args.typemaps),
        imports=tuple(args.imports),
    )


def main(argv: Sequence[str] | None = None) -> int:
    ap = parser()
    args = ap.parse_args(argv)
    if getattr(args, "verbose", False):
        ECHO.set()  # the SWIG and compiler commands, as they run
    if args.command == "check":
        from . import check
        return check.main(args)
    if getattr(args, "units", None) is not None and args.units < 0:
        ap.error("--units: give 0 (automatic), 1 (one unit) or the number of units")
    if args.command == "build":
        _headers_out_of_sources(args)
        if not args.headers:
            return _build_project(args)
        if len(args.module) != 1:
            ap.error("build: with HEADERs, give the module name once: -m NAME")
        args.module = args.module[0]
    if args.command == "inspect" and not args.module:
        args.module = "".join(ch if ch.isalnum() else "_" for ch in Path(args.headers[0]).stem)
    if not is_identifier(args.module):
        print(f"swiggen: error: module name '{args.module}' is not a Python identifier",
              file=sys.stderr)
        return 2
    try:
        spec = _spec(args)
        if args.command == "generate":
            if args.strict and _print_warnings(prepare(spec).warnings, True):
                return 1
            path, warnings = generate(spec, Path(args.output))
            if not args.strict:
                _print_warnings(warnings, False)
            print(path)
            return 0
        if args.command == "wrap":
            if args.strict and _print_warnings(prepare(spec).warnings, True):
                return 1
            done = wrapmode.wrap(spec, Path(args.output), args.build_dir and Path(args.build_dir),
                                 args.units, pkgconfig.flags(args.pkg_config).compile_args,
                                 args.check, args.strict)
            _print_build_warnings([*done.warnings, *_swig_warnings(done.swig_messages)[0]],
                                  False)
            wrapmode.write_files(done, args.flags_file, args.depfile, args.stamp)
            print("\n".join(map(str, done.sources)))
            return 0
        if args.command == "inspect":
            # as the last build of the module lowered it: without what its compile left out
            prepared = prepare(spec, left_out=leaveout.load(default_build_dir(spec.module)))
            print((report_text if args.report else inspect_text)(prepared), end="")
            return 1 if _print_warnings(prepared.warnings, args.strict) else 0
        if args.strict and _print_warnings(prepare(spec).warnings, True):
            return 1
        start = time.monotonic()
        # the stages on a terminal (one line, redrawn); nothing in a pipe or a log
        display = None if args.quiet or not sys.stderr.isatty() else ProgressDisplay(
            [spec.module], sys.stderr, live=True)
        try:
            pkg = pkgconfig.flags(args.pkg_config)
            result = build(
                spec,
                args.sources,
                BuildOptions(libraries=tuple(args.libraries) + pkg.libraries,
                             library_dirs=tuple(args.library_dirs) + pkg.library_dirs,
                             extra_compile_args=pkg.compile_args,
                             extra_link_args=pkg.link_args,
                             optimize=f"-O{args.optimize}", jobs=args.jobs,
                             units=args.units or 0, python=args.python, pch=args.pch,
                             pypy_cffi=args.pypy_cffi),
                Path(args.output or "."),
                Path(args.build_dir) if args.build_dir else default_build_dir(spec.module),
                progress=(lambda stage: display(spec.module, stage)) if display else quiet,
                strict=args.strict,
            )
        except BaseException:
            if display:
                display(spec.module, "failed")
            raise
        if display:
            display(spec.module, "done" if result.swig_ran or result.compiled or result.linked
                    else "up to date")
        _summary(spec.module, result, time.monotonic() - start, args.strict, args.quiet,
                 args.verbose)
        return 0
    except (SwiggenError, ToolError) as exc:
        _print_failure(exc, args.strict)
        return 1
    except KeyboardInterrupt:
        return 130


HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".h++", ".inl", ".ipp", ".tcc")


def _headers_out_of_sources(args: argparse.Namespace) -> None:
    """`--sources a.cpp x.h`: x.h is a header to wrap (--sources takes every file up to the
    next option, so headers written after it land there). Said on stderr, once per file."""
    headers = [s for s in args.sources if s.lower().endswith(HEADER_SUFFIXES)]
    for h in headers:
        print(f"swiggen: note: '{h}' (after --sources) is a header: wrapping it, not compiling "
              "it (write headers before --sources to silence this)", file=sys.stderr)
    args.headers = [*args.headers, *headers]
    args.sources = [s for s in args.sources if s not in headers]


def _build_project(args: argparse.Namespace) -> int:
    """`swiggen build` without headers: the modules of ./pyproject.toml (or --config FILE)."""
    pyproject = Path(args.config or "pyproject.toml")
    single = [f"--{o.replace('_', '-')}" for o in ("sources", "include_dirs", "defines",
                                                    "typemaps", "libraries", "library_dirs",
                                                    "imports") if getattr(args, o)]
    if not project.has_modules(pyproject):
        if single or not pyproject.exists():
            # a single-module command line without its headers: say that, not "pyproject"
            print("swiggen: error: no HEADER given: swiggen build HEADER... -m NAME "
                  "[--sources FILE...] (without HEADERs, build runs the "
                  "[[tool.swiggen.modules]] of ./pyproject.toml: see docs/setuptools.md)",
                  file=sys.stderr)
        else:
            print(f"swiggen: error: no HEADER given and {pyproject} lists no "
                  "[[tool.swiggen.modules]] (see docs/setuptools.md)", file=sys.stderr)
        return 2
    diags = Diagnostics()
    modules = project.load_modules(pyproject, diags)
    unknown = [m for m in args.module if m not in {x.module for x in modules} | {
        x.name for x in modules}]
    for name in unknown:
        diags.error(Loc(str(pyproject)), "SG103", f"no module '{name}' in [[tool.swiggen.modules]]",
                    f"use one of: {', '.join(m.module for m in modules)}")
    if diags.errors:
        for d in diags.sorted():
            print(d, file=sys.stderr)
        return 1
    if args.module:
        modules = [m for m in modules if m.module in args.module or m.name in args.module]
    for opt in ("include_dirs", "defines", "typemaps", "sources", "libraries",
                "library_dirs"):
        if getattr(args, opt):
            print(f"swiggen: error: --{opt.replace('_', '-')} cannot be combined with "
                  "pyproject modules: set it in [[tool.swiggen.modules]]", file=sys.stderr)
            return 2
    out_root = Path(args.output) if args.output else project.package_root(pyproject)
    build_root = Path(args.build_dir) if args.build_dir else default_build_dir("")
    optimize = f"-O{args.optimize}"
    jobs = [BuildJob(project.module_spec(m), m.sources,
                     replace(project.build_options(m, optimize, units=args.units,
                                                   python=args.python), pch=args.pch,
                             pypy_cffi=args.pypy_cffi and m.pypy_cffi),
                     out_root.joinpath(*m.package.split(".")) if m.package else out_root,
                     build_root / m.name, strict=args.strict or m.strict)
            for m in modules]
    jobs = link_imports(jobs, [project.extension_name(m.name) for m in modules],
                        [m.imports for m in modules])
    try:
        if args.strict:
            warned = [_print_warnings(prepare(j.spec).warnings, True) for j in jobs]
            if any(warned):
                return 1
        display = None if args.quiet else ProgressDisplay([m.module for m in modules],
                                                          sys.stderr)
        results = build_many(jobs, args.jobs, display)
    except KeyboardInterrupt:
        return 130
    status = 0
    for job, result in zip(jobs, results):
        if isinstance(result, BuildResult):
            _summary(job.spec.module, result, result.seconds, args.strict, args.quiet,
                     args.verbose)
        else:
            print(f"swiggen: module {job.spec.module} failed:", file=sys.stderr)
            _print_failure(result, args.strict)
            status = 1
    return status
