"""The `swiggen` command: generate, build, inspect.

Exit status: 0 success, 1 bad input or a failing tool (one line per problem, `file:line: ...`),
2 bad usage.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .annotations import is_identifier
from .build import BuildOptions
from .diagnostics import Diagnostic, SwiggenError, ToolError
from .inspect import inspect_text
from .pipeline import ModuleSpec, build, default_build_dir, generate, prepare


def _common(p: argparse.ArgumentParser, module_required: bool = True) -> None:
    p.add_argument("headers", nargs="+", metavar="HEADER", help="C++ headers to wrap")
    if module_required:
        p.add_argument("-m", "--module", required=True, metavar="NAME",
                       help="Python module name")
    p.add_argument("-I", dest="include_dirs", action="append", default=[], metavar="DIR",
                   help="add an include directory (parsing, SWIG and compiling)")
    p.add_argument("-D", dest="defines", action="append", default=[], metavar="NAME[=VALUE]",
                   help="define a preprocessor macro")
    p.add_argument("--std", default="c++17", help="C++ standard (default: c++17)")
    p.add_argument("--config", metavar="FILE",
                   help="TOML config with [annotations] (default: [tool.swiggen] in "
                        "./pyproject.toml, if present)")
    p.add_argument("--typemap", dest="typemaps", action="append", default=[], metavar="FILE",
                   help="a SWIG typemap file to %%include before the headers")
    p.add_argument("--strict", action="store_true", help="treat warnings as errors")


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="swiggen",
        description="Annotated C++ headers -> SWIG interfaces -> Python extension modules.",
    )
    ap.add_argument("--version", action="version", version=f"swiggen {__version__}")
    sub = ap.add_subparsers(dest="command", required=True)

    g = sub.add_parser("generate", help="write NAME.i for the headers")
    _common(g)
    g.add_argument("-o", "--output", default=".", metavar="DIR", help="output folder")

    b = sub.add_parser("build", help="generate, run SWIG, compile and link an importable module")
    _common(b)
    b.add_argument("--sources", nargs="+", default=[], metavar="FILE",
                   help="C++ sources to compile into the module")
    b.add_argument("-l", dest="libraries", action="append", default=[], metavar="LIB",
                   help="link with a library")
    b.add_argument("-L", dest="library_dirs", action="append", default=[], metavar="DIR",
                   help="add a library directory")
    b.add_argument("-o", "--output", default=".", metavar="DIR",
                   help="where NAME.py, _NAME*.so, NAME.pyi and NAME.i go")
    b.add_argument("--build-dir", metavar="DIR",
                   help="intermediate files (default: ./build/swiggen/NAME)")
    b.add_argument("-j", "--jobs", type=int, default=0, metavar="N",
                   help="parallel compile jobs (default: number of CPUs)")
    b.add_argument("-O", dest="optimize", default="2", choices=["0", "1", "2", "3", "s"],
                   help="optimisation level (default: 2)")

    i = sub.add_parser("inspect", help="print what would be wrapped; writes nothing")
    _common(i, module_required=False)
    i.add_argument("-m", "--module", default="", metavar="NAME", help=argparse.SUPPRESS)
    return ap


def _spec(args: argparse.Namespace) -> ModuleSpec:
    return ModuleSpec(
        module=args.module or Path(args.headers[0]).stem,
        headers=tuple(args.headers),
        include_dirs=tuple(args.include_dirs),
        defines=tuple(args.defines),
        std=args.std,
        config=args.config,
        typemaps=tuple(args.typemaps),
    )


def _print_warnings(warnings: Sequence[Diagnostic], strict: bool) -> bool:
    for w in warnings:
        print(str(w).replace(" warning ", " error ", 1) if strict else w, file=sys.stderr)
    return strict and bool(warnings)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
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
        if args.command == "inspect":
            prepared = prepare(spec)
            print(inspect_text(prepared), end="")
            return 1 if _print_warnings(prepared.warnings, args.strict) else 0
        if args.strict and _print_warnings(prepare(spec).warnings, True):
            return 1
        start = time.monotonic()
        result = build(
            spec,
            args.sources,
            BuildOptions(libraries=tuple(args.libraries), library_dirs=tuple(args.library_dirs),
                         optimize=f"-O{args.optimize}", jobs=args.jobs),
            Path(args.output),
            Path(args.build_dir) if args.build_dir else default_build_dir(spec.module),
        )
        if not args.strict:
            _print_warnings(result.warnings, False)
        if result.swig_messages:
            print(result.swig_messages, file=sys.stderr)
        did = "up to date" if not (result.swig_ran or result.compiled or result.linked) else (
            f"swig {'ran' if result.swig_ran else 'skipped'}, "
            f"{len(result.compiled)} compiled, {'linked' if result.linked else 'not relinked'}")
        print(f"built {spec.module} in {time.monotonic() - start:.1f}s ({did}):")
        for out in result.outputs:
            print(f"  {out}")
        return 0
    except SwiggenError as exc:
        for d in exc.diagnostics.sorted():
            print(d, file=sys.stderr)
        return 1
    except ToolError as exc:
        print(f"swiggen: {exc.report()}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
