"""builders: build every benchmark variant of benchlib, one compile job at a time, and time it.

Variants (module names differ so that all of them load into one process):

  bench_capi          hand-written C-API module (bindings/capi.cpp)
  bench_swiggen       `swiggen build lib/benchlib.h` with default settings
  bench_swigproxy     plain SWIG, proxy classes (bindings/swig.i)
  bench_swigbuiltin   plain SWIG, -builtin (bindings/swig.i)
  bench_pybind11      pybind11 (bindings/pybind11.cpp)
  bench_nanobind      nanobind, its library compiled from the wheel's sources (bindings/nanobind.cpp)

Every C++ file is compiled with the same flags (-O2, -fPIC, -fvisibility=hidden, -DNDEBUG, C++17);
swiggen uses its own, which are the same. `target` (a swiggen.toolchain.Target, e.g. PyPy's) builds
capi, swig and swiggen for another Python: its headers and extension suffix (benchmarks/pypy.py).
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
import time
from dataclasses import dataclass, field
from pathlib import Path

from swiggen.compile.toolchain import Target

HERE = Path(__file__).resolve().parent
LIB = HERE / "lib"
BINDINGS = HERE / "bindings"
EXT = sysconfig.get_config_var("EXT_SUFFIX")
CXX = os.environ.get("CXX", "g++")


def base_flags(include_dirs: tuple[str, ...] = (sysconfig.get_paths()["include"],)) -> list[str]:
    """The compile flags of every variant, against the headers of the Python it is built for."""
    return ["-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden", "-DNDEBUG",
            *(f"-I{d}" for d in include_dirs), f"-I{LIB}"]


FLAGS = base_flags()

# swiggen directives the benchmark asks for beyond the defaults. A directive swiggen does not know
# yet makes the build fail (unknown annotations are errors); build_swiggen then retries without it
# and the row it serves is reported as n/a until the feature lands.
SWIGGEN_DIRECTIVES: dict[str, dict[str, str | list[str]]] = {
    "nogil": {"bench::nogil_add": "nogil", "bench::gil_held": "nogil"},
    "newobject": {"bench::Counter::clone": ["newobject", "independent"]},
    "out(": {"bench::divide": "out(rem)", "bench::parse": "out(value)"},
    "status(": {"bench::Status": "status(ok=ok, message=message, IsInvalid=ValueError)"},
}

VARIANTS = ("capi", "swiggen", "swigproxy", "swigbuiltin", "pybind11", "nanobind")
LABELS = {
    "capi": "C-API (hand-written)",
    "swiggen": "swiggen",
    "swigproxy": "SWIG proxy",
    "swigbuiltin": "SWIG -builtin",
    "pybind11": "pybind11",
    "nanobind": "nanobind",
}


@dataclass
class Built:
    variant: str
    module: str  #: importable name
    path: Path  #: folder to put on sys.path
    extension: Path  #: the compiled .so
    seconds: float  #: wall time of the build, one job
    stripped_bytes: int
    notes: list[str] = field(default_factory=list)
    extra: dict[str, float] = field(default_factory=dict)  #: more timings (seconds)


class BuildFailed(RuntimeError):
    pass


def run(cmd: list[str], cwd: Path | None = None) -> str:
    proc = subprocess.run([str(c) for c in cmd], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise BuildFailed(f"{' '.join(map(str, cmd))}\n{proc.stdout}{proc.stderr}")
    return proc.stdout + proc.stderr


def stripped_size(extension: Path) -> int:
    tmp = extension.with_name(extension.name + ".stripped")
    shutil.copyfile(extension, tmp)
    run(["strip", "--strip-unneeded", tmp])
    size = tmp.stat().st_size
    tmp.unlink()
    return size


def _flags(target: Target | None) -> list[str]:
    return FLAGS if target is None else base_flags(target.include_dirs)


def compile_and_link(out: Path, module: str, sources: list[Path], flags: list[str],
                     link_flags: list[str] = (), target: Target | None = None) -> Path:
    """Compile each source (one job), link `module`; returns the extension's path."""
    objs = []
    for src in sources:
        obj = out / "obj" / (src.stem + ".o")
        obj.parent.mkdir(parents=True, exist_ok=True)
        run([CXX, *_flags(target), *flags, "-c", src, "-o", obj])
        objs.append(obj)
    extension = out / f"{module}{EXT if target is None else target.ext_suffix}"
    run([CXX, "-shared", *objs, *link_flags, "-o", extension])
    return extension


def fresh(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def swig_binary() -> str:
    scripts = Path(sysconfig.get_paths()["scripts"])
    for cand in (scripts / "swig", Path(sys.executable).parent / "swig"):
        if cand.exists():
            return str(cand)
    found = shutil.which("swig")
    if not found:
        raise BuildFailed("swig not found: pip install swig")
    return found


def build_capi(root: Path, target: Target | None = None) -> Built:
    out = fresh(root / "capi")
    t0 = time.perf_counter()
    ext = compile_and_link(out, "bench_capi", [BINDINGS / "capi.cpp", LIB / "benchlib.cpp"], [],
                           target=target)
    return Built("capi", "bench_capi", out, ext, time.perf_counter() - t0, stripped_size(ext))


def build_swig(root: Path, builtin: bool, target: Target | None = None) -> Built:
    variant = "swigbuiltin" if builtin else "swigproxy"
    module = f"bench_{variant}"
    out = fresh(root / variant)
    t0 = time.perf_counter()
    wrap = out / f"{module}_wrap.cxx"
    run([swig_binary(), "-c++", "-python", *(["-builtin"] if builtin else []), "-module", module,
         f"-I{LIB}", "-outdir", out, "-o", wrap, BINDINGS / "swig.i"])
    ext = compile_and_link(out, f"_{module}", [wrap, LIB / "benchlib.cpp"],
                           [f"-DSWIG_TYPE_TABLE={module}"], target=target)
    return Built(variant, module, out, ext, time.perf_counter() - t0, stripped_size(ext))


def build_pybind11(root: Path) -> Built:
    import pybind11

    out = fresh(root / "pybind11")
    t0 = time.perf_counter()
    ext = compile_and_link(out, "bench_pybind11", [BINDINGS / "pybind11.cpp", LIB / "benchlib.cpp"],
                           [f"-I{pybind11.get_include()}"])
    return Built("pybind11", "bench_pybind11", out, ext, time.perf_counter() - t0,
                 stripped_size(ext))


def build_nanobind(root: Path) -> Built:
    spec = importlib.util.find_spec("nanobind")
    if spec is None or not spec.origin:
        raise BuildFailed("nanobind not installed: pip install -r benchmarks/requirements.txt")
    nb = Path(spec.origin).parent
    out = fresh(root / "nanobind")
    inc = [f"-I{nb / 'include'}", f"-I{nb / 'ext' / 'robin_map' / 'include'}",
           "-ffunction-sections", "-fdata-sections"]
    t0 = time.perf_counter()
    # libnanobind, linked statically as nanobind's CMake does by default.
    lib_obj = out / "obj" / "nb_combined.o"
    lib_obj.parent.mkdir(parents=True)
    run([CXX, *FLAGS, *inc, "-DNB_BUILD", "-DNB_COMPACT_ASSERTIONS", "-fno-strict-aliasing",
         "-c", nb / "src" / "nb_combined.cpp", "-o", lib_obj])
    t_lib = time.perf_counter() - t0
    ext = compile_and_link(out, "bench_nanobind", [BINDINGS / "nanobind.cpp", LIB / "benchlib.cpp"],
                           inc, [str(lib_obj), "-Wl,--gc-sections"])
    built = Built("nanobind", "bench_nanobind", out, ext, time.perf_counter() - t0,
                  stripped_size(ext))
    built.extra["libnanobind"] = t_lib
    built.notes.append(f"includes {t_lib:.1f} s compiling libnanobind (cached across modules "
                       "in a real project)")
    return built


def swiggen_cmd() -> list[str]:
    return [sys.executable, "-m", "swiggen"]


def build_swiggen(root: Path, target: Target | None = None, variant: str = "swiggen",
                  extra: tuple[str, ...] = ()) -> Built:
    """swiggen's module (`variant`: its folder; `bench_<variant>` its name), `extra`: more
    options of `swiggen build` (pypybuild.py's `--no-pypy-cffi` variant)."""
    out = fresh(root / variant)
    config = out / "directives.toml"
    directives = dict(SWIGGEN_DIRECTIVES)
    notes = []
    base = [*swiggen_cmd(), "build", LIB / "benchlib.h", "--sources", LIB / "benchlib.cpp",
            "-m", f"bench_{variant}", "-o", out / "module", "--build-dir", out / "build", "-j",
            "1", *(["--python", target.executable] if target else []), *extra]
    while True:
        lines = ["[annotations]"]
        for per_name in directives.values():
            lines += [f'"{name}" = {json.dumps(d)}' for name, d in per_name.items()]
        config.write_text("\n".join(lines) + "\n")
        shutil.rmtree(out / "build", ignore_errors=True)
        shutil.rmtree(out / "module", ignore_errors=True)
        t0 = time.perf_counter()
        try:
            run([*base, "--config", config], cwd=out)
            seconds = time.perf_counter() - t0
            break
        except BuildFailed as exc:
            unknown = [d for d in directives if d in str(exc)]
            if not unknown:
                raise
            for d in unknown:
                del directives[d]
                notes.append(f"swiggen does not know the `{d}` directive yet")
    t0 = time.perf_counter()
    run([*base, "--config", config], cwd=out)
    noop = time.perf_counter() - t0
    suffix = EXT if target is None else target.ext_suffix
    ext = next((out / "module").glob(f"_bench_{variant}{suffix}"))
    built = Built(variant, f"bench_{variant}", out / "module", ext, seconds, stripped_size(ext),
                  notes)
    built.extra["noop_rebuild"] = noop
    built.extra["directives"] = float(len(directives))
    return built


BUILDERS = {
    "capi": build_capi,
    "swiggen": build_swiggen,
    "swigproxy": lambda root: build_swig(root, builtin=False),
    "swigbuiltin": lambda root: build_swig(root, builtin=True),
    "pybind11": build_pybind11,
    "nanobind": build_nanobind,
}


def synthetic_header(path: Path, classes: int = 200, methods: int = 10) -> Path:
    """A header with `classes` classes of `methods` methods each (2,000 by default)."""
    lines = ["#pragma once", "#include <string>", "#include <vector>", "namespace synth {"]
    kinds = [("int", "int a, int b"), ("double", "double x"), ("std::string", "const std::string& s"),
             ("void", "std::vector<double> v"), ("bool", "")]
    for c in range(classes):
        lines.append(f"/// Class {c}.")
        lines.append(f"class C{c} {{\npublic:\n    C{c}();\n    int field{c} = 0;")
        for m in range(methods):
            ret, params = kinds[m % len(kinds)]
            lines.append(f"    /// Method {m}.\n    {ret} m{m}({params});")
        lines.append("};")
    lines.append("}  // namespace synth")
    path.write_text("\n".join(lines) + "\n")
    return path


def time_swiggen_generate(root: Path) -> float:
    out = fresh(root / "synth")
    header = synthetic_header(out / "synth.h")
    t0 = time.perf_counter()
    run([*swiggen_cmd(), "generate", header, "-m", "synth", "-o", out / "gen"], cwd=out)
    return time.perf_counter() - t0
