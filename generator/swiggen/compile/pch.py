"""pch: a precompiled header of a split wrapper's prelude, built once and read by every unit.

Every unit of a split wrapper (split.py) starts with `#include "NAME_wrap_prelude.h"`: Python.h,
SWIG's runtime, the fragments and the wrapped headers, about a second of parsing that 33 units of
a 200-class module would each do again. With gcc, `NAME_wrap_prelude.h.gch` next to the prelude
(compiled with the units' own flags) is found by that `#include` and read instead of the text:
the unit's command and object do not change (the object is the same bytes), so the build's
stamps are the same with or without it. gcc checks that the .gch was made with compatible flags
and ignores one that was not; it does not check that the .gch is of the prelude's current text,
so a .gch whose stamp (BUILD/NAME_wrap_prelude.h.json: command and the hash of every file it
read) is not current is deleted before any unit compiles.

It is built when enough units are to compile (`MIN_UNITS`; an incremental build of one method
compiles one and does not wait two seconds for it), and only where it cannot do harm:

- gcc (g++, or c++ that is gcc); clang finds no .gch through an `#include` (it needs
  `-include-pch`) and other compilers have formats of their own: no PCH, units parse the text;
- no compiler launcher (ccache, sccache, distcc, icecc) in CXX, nor a compiler that is a ccache
  symlink (/usr/lib/ccache/g++): launchers hash the preprocessed text and cannot see a .gch
  (ccache would need `sloppiness=pch_defines,time_macros` and `-fpch-preprocess`, distcc a .gch
  on every machine); with a launcher a clean build is served from its cache instead.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

from .toolchain import Compiler

#: fewer units to compile than this: no PCH is built (a current one is still used)
MIN_UNITS = 4

#: compiler launchers in CXX (any word of the command but the compiler's arguments)
LAUNCHERS = frozenset({"ccache", "sccache", "distcc", "icecc", "buildcache"})

#: compile flags that add to the depfile what the .gch stands for (its headers): a unit's stamp
#: lists the same files whether it read the .gch or the text
UNIT_FLAGS = ("-fpch-deps",)


def header(units: Sequence[Path]) -> Path:
    """The prelude every unit of a split wrapper includes (unit 0 is NAME_wrap_0.cxx)."""
    first = units[0]
    return first.with_name(first.name[:-len("0.cxx")] + "prelude.h")


def output(prelude: Path) -> Path:
    """Where gcc looks for the prelude's precompiled form: next to it, `.gch` added."""
    return prelude.with_name(prelude.name + ".gch")


def flags(unit_flags: Sequence[str]) -> list[str]:
    """The PCH's compile flags: the units' own (gcc rejects a .gch made with others)."""
    return [*unit_flags, "-x", "c++-header"]


def supported(compiler: Compiler) -> bool:
    """Whether `compiler` is gcc run without a launcher (module docstring)."""
    return _supported(compiler.command)


@functools.lru_cache(maxsize=None)
def _supported(command: tuple[str, ...]) -> bool:
    found = shutil.which(command[-1]) if command else None
    names = {os.path.basename(w) for w in command}
    if found:
        names.add(os.path.basename(os.path.realpath(found)))
    if names & LAUNCHERS:
        return False
    try:
        proc = subprocess.run([*command, "-dM", "-E", "-x", "c++", os.devnull],
                              capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return False
    macros = {line.split()[1] for line in proc.stdout.splitlines() if line.count(" ") >= 1}
    return proc.returncode == 0 and "__GNUC__" in macros and not macros & {
        "__clang__", "__INTEL_COMPILER", "__INTEL_LLVM_COMPILER", "__NVCOMPILER"}
