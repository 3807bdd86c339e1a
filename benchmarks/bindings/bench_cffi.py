"""benchlib through cffi (API mode, `_bench_cffi` built by benchmarks/pypybuild.py).

The names of the other benchmark modules, written the way a cffi user would write them over the
C shims of lib/benchlib_c.h: C functions used directly where the signature says everything
(`add`), thin Python functions and classes where C cannot (default and keyword arguments, an
overload set, an exception, a bounds-checked index, an owner that deletes the C++ object).
cffi releases the GIL around every call into C.
"""

from _bench_cffi import ffi, lib

add = lib.bench_add
nogil_add = lib.bench_nogil_add
gil_held = lib.bench_gil_held


def scale(x, factor=2.0, offset=0.0):
    return lib.bench_scale(x, factor, offset)


def twice(x):
    """The C++ overload set, tried in SWIG's order: int, double, string."""
    if isinstance(x, int):
        return lib.bench_twice_int(x)
    if isinstance(x, float):
        return lib.bench_twice_double(x)
    if isinstance(x, str):
        p = lib.bench_twice_str(x.encode())
        try:
            return ffi.string(p).decode()
        finally:
            lib.bench_free(p)
    raise TypeError(f"twice(): no overload takes {type(x).__name__}")


def checked(i):
    out = ffi.new("int *")
    if lib.bench_checked(i, out) < 0:
        raise IndexError("checked: negative index")
    return out[0]


def sum(a):  # noqa: A001 - the benchmark's name
    data = ffi.from_buffer("double[]", a)
    return lib.bench_sum(data, len(data))


def Point(x=0.0, y=0.0):  # noqa: N802 - a constructor to its callers
    """A `bench_point *` owning a C++ Point: fields are read and written in place."""
    return ffi.gc(lib.bench_point_new(x, y), lib.bench_point_delete)


class Counter:
    __slots__ = ("_p",)

    def __init__(self, start=0):
        self._p = ffi.gc(lib.bench_counter_new(start), lib.bench_counter_delete)

    def bump(self, by):
        return lib.bench_counter_bump(self._p, by)

    def value(self):
        return lib.bench_counter_value(self._p)


class Buffer:
    __slots__ = ("_p",)

    def __init__(self, n=0):
        self._p = ffi.gc(lib.bench_buffer_new(n), lib.bench_buffer_delete)

    def __len__(self):
        return lib.bench_buffer_size(self._p)

    def _index(self, i):
        n = lib.bench_buffer_size(self._p)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("Buffer index out of range")
        return i

    def __getitem__(self, i):
        return lib.bench_buffer_get(self._p, self._index(i))

    def __setitem__(self, i, v):
        lib.bench_buffer_set(self._p, self._index(i), v)
