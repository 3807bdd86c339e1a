"""wrapmode: `swiggen wrap`, the wrapper sources for another build system to compile.

`swiggen build` parses, generates, runs SWIG, post-processes SWIG's wrapper (swig/run.py) and
splits it (swig/split.py), then compiles and links with its own toolchain. CMake
(`swiggen_add_module`, cmake/swiggenConfig.cmake) and Meson compile with theirs: `wrap` stops
before the compile and hands over what it would have compiled:

    BUILD/NAME_wrap.cxx           the post-processed wrapper (`--units 1`, the default), or
    BUILD/NAME_wrap_K.cxx         exactly N units (`--units N`: fixed names a build system can
                                  list before the wrapper exists; a wrapper the split refuses
                                  is unit 0, included whole, and the other units are empty)
    OUT/NAME.py, OUT/NAME.pyi     SWIG's Python module and swiggen's stub
    --flags-file FILE             the compile flags the wrapper needs, one per line, quoted for
                                  a compiler response file (`@FILE`): its include folders
                                  (-iquote/-I), macros (-D) and pkg-config's compile flags
    --depfile FILE                make syntax: every file the parse read, config and typemaps
                                  included (a header edit reruns `wrap`)
    --stamp FILE                  touched on success (the depfile's target)

It prints the sources to compile, one per line. Every file is written only when its content
changes, so an unchanged wrapper is not compiled again. What the build system adds itself:
Python's include folder, the C++ standard (`--std`), -fPIC and hidden visibility, and the
module's libraries.

A declaration SWIG rejects is left out as `swiggen build` leaves it out (SG420, unless
--strict). One whose wrapper the compiler rejects fails the other build system's compile,
unless `--check`: then the wrapper is checked with the compiler (-fsyntax-only, a fraction
of a compile) and such declarations are left out in rounds, as `swiggen build` does.
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from . import rounds
from .compile import leaveout
from .compile.extension import _run as run_tool
from .compile.toolchain import (COMPILE_DEFINES, Compiler, find_compiler, parse_system_dirs,
                                python_include_dirs)
from .diagnostics import Diagnostic, ToolError
from .parse import parsecache
from .pipeline import (_files_read, _locked, _quote_dirs, _swig_step, _write_generated,
                       default_build_dir)
from .prepare import include_dirs, prepare
from .render.interface import interface_dir
from .render.write import copy_if_changed, write_text_if_changed
from .specs import ModuleSpec
from .swig import split


def add_arguments(p: argparse.ArgumentParser) -> None:
    """`swiggen wrap`'s own options (the common ones are cli._common's)."""
    p.add_argument("-o", "--output", default=".", metavar="DIR",
                   help="where NAME.py and NAME.pyi go (default: the current folder)")
    p.add_argument("--build-dir", metavar="DIR",
                   help="NAME.i, the wrapper and its units (default: ./build/swiggen/NAME)")
    p.add_argument("--units", type=int, default=1, metavar="N",
                   help="1 (default): one source, NAME_wrap.cxx; N > 1: exactly N sources, "
                        "NAME_wrap_0.cxx ... NAME_wrap_{N-1}.cxx, to compile in parallel")
    p.add_argument("--flags-file", metavar="FILE",
                   help="write the wrapper's compile flags (include folders, macros) there, one "
                        "per line: a compiler response file (@FILE)")
    p.add_argument("--depfile", metavar="FILE",
                   help="write the files the parse read there, as a make rule (for CMake's and "
                        "Ninja's DEPFILE)")
    p.add_argument("--stamp", metavar="FILE",
                   help="touch FILE on success (the depfile's target; default: the first source)")
    p.add_argument("--check", action="store_true",
                   help="check the wrapper with the compiler (-fsyntax-only) and leave out the "
                        "declarations whose wrappers it rejects (SG420), as build does")


@dataclass
class WrapResult:
    sources: list[Path]  #: to compile into the module, in order
    outputs: list[Path]  #: NAME.py, NAME.pyi
    flags: list[str]  #: the wrapper's compile flags (the --flags-file)
    depends: list[str]  #: every file the generation read (the --depfile)
    warnings: list[Diagnostic]
    swig_messages: str


def wrap(spec: ModuleSpec, out_dir: Path, build_dir: Path | None = None,
         units: int = 1, extra_compile_args: Sequence[str] = (), check: bool = False,
         strict: bool = False) -> WrapResult:
    """Parse, generate, run SWIG and post-process; leave the sources to compile in `build_dir`
    and NAME.py, NAME.pyi in `out_dir`. `extra_compile_args`: pkg-config's compile flags,
    handed on in `flags`; `check`: leave out what the compiler rejects (SG420)."""
    build_dir = (build_dir or default_build_dir(spec.module)).resolve()
    out_dir = out_dir.resolve()
    compiler = find_compiler()
    system_dirs, _ = parse_system_dirs(compiler)
    prepared = prepare(spec, build_dir / parsecache.FOLDER)
    interface = build_dir / f"{spec.module}.i"
    stub = build_dir / f"{spec.module}.pyi"
    with _locked(build_dir):
        _write_generated(prepared, interface, stub, build_dir, spec.module)
        parsecache.save(prepared.parse_cache)
        asked = spec
        left: dict[str, leaveout.LeftOut] = {}
        for round_ in range(leaveout.MAX_ROUNDS + 1):
            if prepared.header_paths:  # with the headers umbrellas stand for (umbrella.py)
                spec = replace(asked, headers=prepared.header_paths)
            swig_dirs, compile_dirs = include_dirs(spec, prepared.typemap_files)
            quote = _quote_dirs(spec, compile_dirs, system_dirs)
            flags = [*(f"-iquote{d}" for d in quote),
                     *(f"-I{d}" for d in compile_dirs if d not in quote),
                     *(f"-D{d}" for d in dict.fromkeys((*COMPILE_DEFINES, *spec.defines))),
                     *extra_compile_args]
            wrapper = build_dir / f"{spec.module}_wrap.cxx"
            last = strict or round_ == leaveout.MAX_ROUNDS
            try:
                _, messages = _swig_step(spec, swig_dirs, prepared.typemap_files, interface,
                                         build_dir)
                if not check:
                    break
                _syntax_check(compiler, wrapper, flags, spec.std)
                break
            except ToolError as exc:  # at the declarations' lines
                if exc.code == "SG402":  # SWIG's
                    found = rounds.blame_swig(exc, build_dir, asked, prepared, left)
                else:
                    found = rounds.blame(exc, [wrapper], build_dir, asked, prepared, left)
                if last or not found:
                    exc.earlier_warnings = prepared.warnings
                    raise rounds.traced(exc, found or list(left.values()), build_dir)
            left.update((f.origin.key, f) for f in found)
            prepared = prepare(asked, build_dir / parsecache.FOLDER,
                               [f.origin for f in left.values()])
            _write_generated(prepared, interface, stub, build_dir, spec.module)
        sources, refused = split.sources(wrapper, max(units, 1))
        if units > 1 and sources == [wrapper]:  # refused: the fixed names all the same
            sources = _placeholders(wrapper, units)
        outputs = []
        for made in (build_dir / f"{spec.module}.py", stub):
            dst = out_dir / made.name
            if dst != made:
                copy_if_changed(made, dst)
            outputs.append(dst)
    read = [*_files_read(spec, prepared), *map(str, sorted(interface_dir().rglob("*.swg")))]
    depends = [os.path.abspath(p) for p in dict.fromkeys(read) if os.path.isfile(p)]
    warnings = prepared.warnings + leaveout.warnings(list(left.values())) + (
        [refused] if refused else [])
    return WrapResult(sources, outputs, flags, depends, warnings, messages)


def _syntax_check(compiler: Compiler, wrapper: Path, flags: Sequence[str], std: str) -> None:
    """The compiler's verdict on `wrapper`, without code generation: raises ToolError (SG403,
    as a compile's, for rounds.blame)."""
    run_tool([*compiler.command, f"-std={std}", "-fsyntax-only", *flags,
              *(f"-I{d}" for d in python_include_dirs()), "-c", str(wrapper)],
             "SG403", f"compiling {wrapper} failed")


def _placeholders(wrapper: Path, units: int) -> list[Path]:
    """`units` sources for a wrapper the split left whole: unit 0 includes it, the others are
    empty (a build system lists N names before it knows the split's answer)."""
    made = [wrapper.with_name(f"{wrapper.stem}_{i}.cxx") for i in range(units)]
    write_text_if_changed(made[0], f'// the wrapper, whole (swiggen wrap)\n'
                                   f'#include "{wrapper.name}"\n')
    for path in made[1:]:
        write_text_if_changed(path, "// empty: the wrapper is compiled whole in unit 0\n")
    return made


def write_files(result: WrapResult, flags_file: str | None, depfile: str | None,
                stamp: str | None) -> None:
    """The --flags-file, --depfile and --stamp of a `wrap` that went well."""
    if flags_file:
        write_text_if_changed(Path(flags_file),
                              "".join(f"{shlex.quote(f)}\n" for f in result.flags))
    target = os.path.abspath(stamp) if stamp else str(result.sources[0])
    if depfile:
        deps = " \\\n  ".join(_escape(d) for d in result.depends)
        write_text_if_changed(Path(depfile), f"{_escape(target)}: \\\n  {deps}\n")
    if stamp:
        Path(stamp).parent.mkdir(parents=True, exist_ok=True)
        Path(stamp).touch()


def _escape(path: str) -> str:
    """A path in make syntax (a depfile): spaces and '#' escaped, '$' doubled."""
    return path.replace("$", "$$").replace("#", "\\#").replace(" ", "\\ ")
