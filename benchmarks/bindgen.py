"""bindgen: the synthetic API of buildscale.py bound with pybind11 and with nanobind (issue 16).

`builders.synthetic_header`'s classes (a constructor, a public field, 10 methods of five kinds,
each with a docstring) get the binding code a pybind11 or nanobind user writes by hand: keyword
names and docstrings as swiggen's module has them, `std::string` and `std::vector<double>` by the
libraries' own STL casters. The module is one translation unit, as such bindings usually are
(pybind11's own examples; issue 16 measured pybind11 on one), compiled with swiggen's flags
(-std=c++17 -O2 -fPIC -fvisibility=hidden -DNDEBUG), with the library's definitions
(synth.cpp) and, for nanobind, libnanobind (nb_combined.cpp, as its CMake builds it: a static
library that a real project compiles once for all its modules) alongside, `jobs` compilers at
once. Generating the code takes milliseconds and is not timed.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import sysconfig
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

#: builders.synthetic_header's method kinds: return type and parameter names, in order
KINDS = [("int", ("a", "b")), ("double", ("x",)), ("std::string", ("s",)), ("void", ("v",)),
         ("bool", ())]


def pybind11_source(classes: int, module: str, methods: int = 10) -> str:
    lines = ["#include <pybind11/pybind11.h>", "#include <pybind11/stl.h>", '#include "synth.h"',
             "namespace py = pybind11;", f"PYBIND11_MODULE({module}, m) {{"]
    for c in range(classes):
        lines.append(f'    py::class_<synth::C{c}>(m, "C{c}", "Class {c}.")')
        lines.append("        .def(py::init<>())")
        lines.append(f'        .def_readwrite("field{c}", &synth::C{c}::field{c})')
        for i in range(methods):
            args = "".join(f', py::arg("{a}")' for a in KINDS[i % len(KINDS)][1])
            lines.append(f'        .def("m{i}", &synth::C{c}::m{i}{args}, "Method {i}.")')
        lines[-1] += ";"
    lines.append("}")
    return "\n".join(lines) + "\n"


def nanobind_source(classes: int, module: str, methods: int = 10) -> str:
    lines = ["#include <nanobind/nanobind.h>", "#include <nanobind/stl/string.h>",
             "#include <nanobind/stl/vector.h>", '#include "synth.h"',
             "namespace nb = nanobind;", "using namespace nb::literals;",
             f"NB_MODULE({module}, m) {{"]
    for c in range(classes):
        lines.append(f'    nb::class_<synth::C{c}>(m, "C{c}", "Class {c}.")')
        lines.append("        .def(nb::init<>())")
        lines.append(f'        .def_rw("field{c}", &synth::C{c}::field{c})')
        for i in range(methods):
            args = "".join(f', "{a}"_a' for a in KINDS[i % len(KINDS)][1])
            lines.append(f'        .def("m{i}", &synth::C{c}::m{i}{args}, "Method {i}.")')
        lines[-1] += ";"
    lines.append("}")
    return "\n".join(lines) + "\n"


def _flags(src: Path) -> list[str]:
    return ["-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden", "-DNDEBUG",
            f"-I{sysconfig.get_paths()['include']}", f"-I{src}"]


def _nanobind_dir() -> Path:
    spec = importlib.util.find_spec("nanobind")
    if spec is None or not spec.origin:
        raise SystemExit("nanobind is not installed: pip install -r benchmarks/requirements.txt")
    return Path(spec.origin).parent


def plan(kind: str, work: Path, classes: int) -> tuple[list[list[str]], list[str], str]:
    """The compile commands (bindings first), the link command and the module name of `kind`'s
    build of work/src/synth.h in work/KIND."""
    src, out = work / "src", work / kind
    out.mkdir(parents=True, exist_ok=True)
    module = f"synth_{kind}"
    flags = _flags(src)
    if kind == "pybind11":
        import pybind11

        (out / "bindings.cpp").write_text(pybind11_source(classes, module))
        flags.append(f"-I{pybind11.get_include()}")
        extra: list[list[str]] = []
        link_flags: list[str] = []
    elif kind == "nanobind":
        nb = _nanobind_dir()
        (out / "bindings.cpp").write_text(nanobind_source(classes, module))
        flags += [f"-I{nb / 'include'}", f"-I{nb / 'ext' / 'robin_map' / 'include'}",
                  "-ffunction-sections", "-fdata-sections"]
        extra = [[*flags, "-DNB_BUILD", "-DNB_COMPACT_ASSERTIONS", "-fno-strict-aliasing",
                  "-c", str(nb / "src" / "nb_combined.cpp"), "-o", str(out / "nb_combined.o")]]
        link_flags = ["-Wl,--gc-sections"]
    else:
        raise ValueError(kind)
    compiles = [[*flags, "-c", str(out / "bindings.cpp"), "-o", str(out / "bindings.o")],
                [*flags, "-c", str(src / "synth.cpp"), "-o", str(out / "synth.o")], *extra]
    objects = [c[c.index("-o") + 1] for c in compiles]
    ext = out / f"{module}{sysconfig.get_config_var('EXT_SUFFIX')}"
    return compiles, ["-shared", *objects, *link_flags, "-o", str(ext)], module


def build(kind: str, work: Path, classes: int, jobs: int, cxx: list[str],
          env: dict[str, str]) -> float:
    """Generate and build `kind`'s module with `jobs` compilers at once (`cxx`: the compiler
    command, e.g. buildscale's recorder); its wall time in seconds."""
    import time

    compiles, link, module = plan(kind, work, classes)

    def run(args: list[str]) -> None:
        proc = subprocess.run([*cxx, *args], env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"{kind}: {' '.join(args)} failed:\n{proc.stderr[-3000:]}")

    t0 = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(run, compiles))
    run(link)
    seconds = time.perf_counter() - t0
    probe = (f"import {module} as s; c = s.C1(); assert c.m0(a=1, b=2) == 3 and "
             "c.m2('a') == 'aa' and s.C0().m1(1.5) == 3.0")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=work / kind, capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(work / kind)})
    if proc.returncode != 0:
        raise SystemExit(f"the {kind} module does not work:\n{proc.stderr}")
    return seconds
