"""pypybuild: the benchmark variants for PyPy (benchmarks/pypy.py).

  capi, swiggen, swigbuiltin   builders.py's builds against PyPy's headers (cpyext), swiggen with
                               `swiggen build --python PYPY` (free functions through its cffi
                               module, `_NAME_cffi`)
  swiggencpyext                the same with `--no-pypy-cffi`: every call through cpyext
  cffi                         API mode: PyPy's own cffi writes `_bench_cffi.c` for the C shims
                               of lib/benchlib_c.h, compiled and linked here with the same flags;
                               bindings/bench_cffi.py is the Python side
  ctypes                       the same shims as a plain `libbench_c.so`; bindings/bench_ctypes.py

benchlib.cpp is compiled against PyPy's headers for all of them (its gil_held() asks the
interpreter). Every build is one compile job at a time, as in builders.py.
"""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import builders
from builders import BINDINGS, CXX, LIB, Built, fresh, run, stripped_size
from swiggen.compile.toolchain import Target

#: what cffi is told about lib/benchlib_c.h (cffi's parser takes no macros); API mode compiles
#: the header itself next to it, so a mismatch is a compile error, not a wrong call
CDEF = """
typedef struct bench_point { double x, y; } bench_point;
typedef struct bench_counter bench_counter;
typedef struct bench_buffer bench_buffer;
int bench_add(int a, int b);
double bench_scale(double x, double factor, double offset);
int bench_twice_int(int x);
double bench_twice_double(double x);
char* bench_twice_str(const char* s);
void bench_free(void* p);
int bench_checked(int i, int* out);
double bench_sum(const double* data, size_t n);
int bench_nogil_add(int a, int b);
_Bool bench_gil_held(void);
bench_point* bench_point_new(double x, double y);
void bench_point_delete(bench_point* p);
bench_counter* bench_counter_new(int start);
void bench_counter_delete(bench_counter* c);
int bench_counter_bump(bench_counter* c, int by);
int bench_counter_value(const bench_counter* c);
bench_buffer* bench_buffer_new(size_t n);
void bench_buffer_delete(bench_buffer* b);
size_t bench_buffer_size(const bench_buffer* b);
double bench_buffer_get(const bench_buffer* b, size_t i);
void bench_buffer_set(bench_buffer* b, size_t i, double v);
"""

_EMIT = """
import sys, cffi
ffi = cffi.FFI()
ffi.cdef(sys.argv[1])
ffi.set_source("_bench_cffi", '#include "benchlib_c.h"')
ffi.emit_c_code(sys.argv[2])
"""

#: the PyPy variants, in the order of the table's columns (pypyreport.COLUMNS)
VARIANTS = ("capi", "swiggen", "swiggencpyext", "swigbuiltin", "cffi", "ctypes")


def _objects(out: Path, target: Target, sources: list[Path]) -> list[Path]:
    objs = []
    for src in sources:
        obj = out / "obj" / (src.stem + ".o")
        obj.parent.mkdir(parents=True, exist_ok=True)
        run([CXX, *builders.base_flags(target.include_dirs), "-c", src, "-o", obj])
        objs.append(obj)
    return objs


def build_cffi(root: Path, target: Target) -> Built:
    out = fresh(root / "cffi")
    t0 = time.perf_counter()
    c_source = out / "_bench_cffi.c"
    run([target.python, "-c", _EMIT, CDEF, c_source])
    glue = out / "obj" / "_bench_cffi.o"
    glue.parent.mkdir(parents=True)
    # cffi's module init is exported through PyMODINIT_FUNC: no -fvisibility=hidden for the glue
    run(["gcc", "-O2", "-fPIC", "-DNDEBUG", *(f"-I{d}" for d in target.include_dirs),
         f"-I{LIB}", "-c", c_source, "-o", glue])
    objs = _objects(out, target, [LIB / "benchlib_c.cpp", LIB / "benchlib.cpp"])
    ext = out / f"_bench_cffi{target.ext_suffix}"
    run([CXX, "-shared", glue, *objs, "-o", ext])
    shutil.copyfile(BINDINGS / "bench_cffi.py", out / "bench_cffi.py")
    return Built("cffi", "bench_cffi", out, ext, time.perf_counter() - t0, stripped_size(ext))


def build_ctypes(root: Path, target: Target) -> Built:
    out = fresh(root / "ctypes")
    t0 = time.perf_counter()
    objs = _objects(out, target, [LIB / "benchlib_c.cpp", LIB / "benchlib.cpp"])
    lib = out / "libbench_c.so"
    run([CXX, "-shared", *objs, "-o", lib])
    shutil.copyfile(BINDINGS / "bench_ctypes.py", out / "bench_ctypes.py")
    return Built("ctypes", "bench_ctypes", out, lib, time.perf_counter() - t0, stripped_size(lib))


BUILDERS = {
    "capi": lambda root, target: builders.build_capi(root, target),
    "swiggen": lambda root, target: builders.build_swiggen(root, target),
    # the same module with every call through cpyext (no `_NAME_cffi`: docs/pypy.md)
    "swiggencpyext": lambda root, target: builders.build_swiggen(
        root, target, "swiggencpyext", ("--no-pypy-cffi",)),
    "swigbuiltin": lambda root, target: builders.build_swig(root, True, target),
    "cffi": build_cffi,
    "ctypes": build_ctypes,
}
