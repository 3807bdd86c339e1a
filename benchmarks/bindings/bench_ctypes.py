"""benchlib through ctypes: `libbench_c.so` (the C shims of lib/benchlib_c.h, built by
benchmarks/pypybuild.py) loaded next to this file, with the same Python names as bench_cffi.py.

ctypes reports a wrong argument type as ctypes.ArgumentError, not TypeError, so the rows whose
check asks for a TypeError (add) are not measured for it. CDLL releases the GIL around calls.
"""

import ctypes
import os
from ctypes import POINTER, c_bool, c_char_p, c_double, c_int, c_size_t, c_void_p

_lib = ctypes.CDLL(os.path.join(os.path.dirname(os.path.abspath(__file__)), "libbench_c.so"))


class _CPoint(ctypes.Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


def _sig(name, restype, *argtypes):
    fn = getattr(_lib, name)
    fn.restype, fn.argtypes = restype, list(argtypes)
    return fn


add = _sig("bench_add", c_int, c_int, c_int)
nogil_add = _sig("bench_nogil_add", c_int, c_int, c_int)
gil_held = _sig("bench_gil_held", c_bool)
_scale = _sig("bench_scale", c_double, c_double, c_double, c_double)
_twice_int = _sig("bench_twice_int", c_int, c_int)
_twice_double = _sig("bench_twice_double", c_double, c_double)
_twice_str = _sig("bench_twice_str", c_void_p, c_char_p)
_free = _sig("bench_free", None, c_void_p)
_checked = _sig("bench_checked", c_int, c_int, POINTER(c_int))
_sum = _sig("bench_sum", c_double, c_void_p, c_size_t)
_point_new = _sig("bench_point_new", POINTER(_CPoint), c_double, c_double)
_point_delete = _sig("bench_point_delete", None, POINTER(_CPoint))
_counter_new = _sig("bench_counter_new", c_void_p, c_int)
_counter_delete = _sig("bench_counter_delete", None, c_void_p)
_counter_bump = _sig("bench_counter_bump", c_int, c_void_p, c_int)
_counter_value = _sig("bench_counter_value", c_int, c_void_p)
_buffer_new = _sig("bench_buffer_new", c_void_p, c_size_t)
_buffer_delete = _sig("bench_buffer_delete", None, c_void_p)
_buffer_size = _sig("bench_buffer_size", c_size_t, c_void_p)
_buffer_get = _sig("bench_buffer_get", c_double, c_void_p, c_size_t)
_buffer_set = _sig("bench_buffer_set", None, c_void_p, c_size_t, c_double)


def scale(x, factor=2.0, offset=0.0):
    return _scale(x, factor, offset)


def twice(x):
    """The C++ overload set, tried in SWIG's order: int, double, string."""
    if isinstance(x, int):
        return _twice_int(x)
    if isinstance(x, float):
        return _twice_double(x)
    if isinstance(x, str):
        p = _twice_str(x.encode())
        try:
            return ctypes.string_at(p).decode()
        finally:
            _free(p)
    raise TypeError(f"twice(): no overload takes {type(x).__name__}")


def checked(i):
    out = c_int()
    if _checked(i, ctypes.byref(out)) < 0:
        raise IndexError("checked: negative index")
    return out.value


def sum(a):  # noqa: A001 - the benchmark's name
    return _sum(a.ctypes.data, a.size)


class Point:
    __slots__ = ("_p",)

    def __init__(self, x=0.0, y=0.0):
        self._p = _point_new(x, y)

    def __del__(self):
        _point_delete(self._p)

    @property
    def x(self):
        return self._p.contents.x

    @x.setter
    def x(self, v):
        self._p.contents.x = v

    @property
    def y(self):
        return self._p.contents.y

    @y.setter
    def y(self, v):
        self._p.contents.y = v


class Counter:
    __slots__ = ("_p",)

    def __init__(self, start=0):
        self._p = _counter_new(start)

    def __del__(self):
        _counter_delete(self._p)

    def bump(self, by):
        return _counter_bump(self._p, by)

    def value(self):
        return _counter_value(self._p)


class Buffer:
    __slots__ = ("_p",)

    def __init__(self, n=0):
        self._p = _buffer_new(n)

    def __del__(self):
        _buffer_delete(self._p)

    def __len__(self):
        return _buffer_size(self._p)

    def _index(self, i):
        n = _buffer_size(self._p)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("Buffer index out of range")
        return i

    def __getitem__(self, i):
        return _buffer_get(self._p, self._index(i))

    def __setitem__(self, i, v):
        _buffer_set(self._p, self._index(i), v)
