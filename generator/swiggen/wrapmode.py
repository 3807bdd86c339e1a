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
module's libraries. A declaration whose wrapper the compiler rejects fails that build (there is
no leave-out round: `swiggen build` finds such declarations and names them, SG420).
"""

from __future__ import annotations

import argparse
import os
import shlex
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from . import rounds
from .compile.toolchain import COMPILE_DEFINES, find_compiler, parse_system_dirs
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


@dataclass
class WrapResult:
    sources: list[Path]  #: to compile into the module, in order
    outputs: list[Path]  #: NAME.py, NAME.pyi
    flags: list[str]  #: the wrapper's compile flags (the --flags-file)
    depends: list[str]  #: every file the generation read (the --depfile)
    warnings: list[Diagnostic]
    swig_messages: str


def wrap(spec: ModuleSpec, out_dir: Path, build_dir: Path | None = None,
         units: int = 1, extra_compile_args: Sequence[str] = ()) -> WrapResult:
    """Parse, generate, run SWIG and post-process; leave the sources to compile in `build_dir`
    and NAME.py, NAME.pyi in `out_dir`. `extra_compile_args`: pkg-config's compile flags,
    handed on in `flags`."""
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
        if prepared.header_paths:  # with the headers umbrellas stand for (parse/umbrella.py)
            spec = replace(spec, headers=prepared.header_paths)
        swig_dirs, compile_dirs = include_dirs(spec, prepared.typemap_files)
        try:
            _, messages = _swig_step(spec, swig_dirs, prepared.typemap_files, interface,
                                     build_dir)
        except ToolError as exc:  # SWIG's errors, at the declarations' lines
            found = rounds.blame_swig(exc, build_dir, asked, prepared, {})
            exc.earlier_warnings = prepared.warnings
            raise rounds.traced(exc, found, build_dir)
        wrapper = build_dir / f"{spec.module}_wrap.cxx"
        sources, refused = split.sources(wrapper, max(units, 1))
        if units > 1 and sources == [wrapper]:  # refused: the fixed names all the same
            sources = _placeholders(wrapper, units)
        outputs = []
        for made in (build_dir / f"{spec.module}.py", stub):
            dst = out_dir / made.name
            if dst != made:
                copy_if_changed(made, dst)
            outputs.append(dst)
    quote = _quote_dirs(spec, compile_dirs, system_dirs)
    flags = [*(f"-iquote{d}" for d in quote),
             *(f"-I{d}" for d in compile_dirs if d not in quote),
             *(f"-D{d}" for d in dict.fromkeys((*COMPILE_DEFINES, *spec.defines))),
             *extra_compile_args]
    read = [*_files_read(spec, prepared), *map(str, sorted(interface_dir().rglob("*.swg")))]
    depends = [os.path.abspath(p) for p in dict.fromkeys(read) if os.path.isfile(p)]
    warnings = prepared.warnings + ([refused] if refused else [])
    return WrapResult(sources, outputs, flags, depends, warnings, messages)


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
