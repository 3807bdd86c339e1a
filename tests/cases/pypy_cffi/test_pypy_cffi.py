"""PyPy's cffi path for free functions (lower/cffiplan.py, docs/pypy.md): under PyPy a build
for it calls the eligible functions through `_pypy_cffi_cffi`, with the C API path's
signatures, results and errors; under CPython nothing changes (the C API path)."""

from __future__ import annotations

import inspect
import math
import sys
import threading
import types
from types import ModuleType
from typing import Any, Callable

import pytest

pytestmark = pytest.mark.compile

PYPY = sys.implementation.name == "pypy"
pypy_only = pytest.mark.skipif(not PYPY, reason="the cffi path exists under PyPy only")

#: functions the cffi path takes, and those that keep the C API path
CFFI = ("add", "scale", "mix", "halve", "negate", "widen", "neg64", "twice64", "low16", "kind",
        "bump", "bumps", "reset_bumps", "checked", "odd", "nogil_add", "c_sub", "call_hook",
        "overlap", "overlap_nogil", "most_at_once", "reset_overlap",
        "pick", "describe", "mixed", "count", "prec", "flag", "risky", "other_pick",
        "overlap_both")
CAPI = ("scaled", "length", "set_hook", "wide", "measure")


@pytest.fixture(scope="module")
def pc(case_module) -> ModuleType:  # type: ignore[no-untyped-def]
    return case_module("pypy_cffi")


def test_calls(pc: ModuleType) -> None:
    assert pc.add(2, 3) == 5 and pc.add(a=2, b=3) == 5 and pc.add(2, b=3) == 5
    assert pc.scale(1.5) == 3.0 and pc.scale(1.0, offset=3.0) == 5.0
    assert pc.scale(x=1.0, factor=3.0) == 3.0 and pc.scale(2, 2, 1) == 5.0
    assert pc.mix(1) == 13 and pc.mix(1, 2) == 12 and pc.mix(1, b=4) == 14
    assert pc.halve(3.0) == 1.5 and pc.negate(True) is False and pc.negate(False) is True
    assert pc.widen(2**62) == 2**63 and pc.neg64(-2**63 + 1) == 2**63 - 1
    assert pc.twice64(2**62) == 2**63 and pc.low16(65535) == 65535
    assert pc.checked(4) == 8 and pc.odd(3) == 3 and pc.nogil_add(1, 2) == 3
    assert pc.c_sub(5, 3) == 2 and pc.scaled(2) == 12 and pc.length("abc") == 3
    assert pc.kind(1) == 112 and pc.kind(1, lib=3, c=0) == 103 and pc.kind(type=2, c=2) == 222
    assert pc.reset_bumps() is None and pc.bump() is None and pc.bumps() == 1


def test_exceptions_are_the_c_api_paths(pc: ModuleType) -> None:
    with pytest.raises(IndexError, match="checked: negative index"):
        pc.checked(-1)
    with pytest.raises(pc.LimitError, match="checked: over the limit") as e:
        pc.checked(101)
    assert isinstance(e.value, RuntimeError)
    with pytest.raises(RuntimeError, match="unknown C.. exception was thrown: int"):
        pc.odd(13)
    assert pc.checked(5) == 10  # nothing left pending


def test_a_python_callback_called_from_the_cffi_path(pc: ModuleType) -> None:
    pc.set_hook(lambda x: x + 1)
    assert pc.call_hook(1) == 2
    pc.set_hook(lambda x: pc.add(int(x), 10))  # calls the module again: the lock is re-entered
    assert pc.call_hook(1) == 11

    def fail(x: int) -> int:
        raise ValueError(f"hook refused {x}")

    pc.set_hook(fail)
    with pytest.raises(ValueError, match="hook refused 3.0"):
        pc.call_hook(3)
    pc.set_hook(lambda x: pc.checked(int(x)))  # a C++ exception inside the callback's own call
    with pytest.raises(IndexError, match="negative index"):
        pc.call_hook(-1)
    pc.set_hook(lambda x: x)
    assert pc.call_hook(4) == 4 and pc.checked(2) == 4  # nothing left pending


def test_signatures_and_docs(pc: ModuleType) -> None:
    assert str(inspect.signature(pc.add)) == "(a, b)"
    assert str(inspect.signature(pc.scale)) == "(x, factor=2.0, offset=0.0)"
    assert str(inspect.signature(pc.mix)) == "(arg0, /, b=3)"
    assert pc.add.__doc__ == pc._swiggen_c.add.__doc__ and "Add two integers." in pc.add.__doc__


@pypy_only
def test_the_cffi_path_is_in_use(pc: ModuleType) -> None:
    assert pc._swiggen_cffi is not None and pc._swiggen_cffi.__name__ == "_pypy_cffi_cffi"
    for name in CFFI:
        assert isinstance(getattr(pc, name), types.FunctionType), name
        assert getattr(pc, name) is not getattr(pc._swiggen_c, name)
    for name in CAPI:
        assert getattr(pc, name) is getattr(pc._swiggen_c, name), name


@pytest.mark.skipif(PYPY, reason="CPython: the C API path only")
def test_cpython_keeps_the_c_api_path(pc: ModuleType) -> None:
    assert pc._swiggen_cffi is None
    for name in CFFI + CAPI:
        assert getattr(pc, name) is getattr(pc._swiggen_c, name), name


class Index:
    def __index__(self) -> int:
        return 3


class Floaty:
    def __float__(self) -> float:
        return 2.5


def _inputs() -> list[Any]:
    values: list[Any] = [0, 1, 7, True, False, 1.5, -1, -2.0, 2**15, 2**16, 2**31, 2**32, 2**63,
                         2**64, -2**63, -2**63 - 1, None, "x", b"1", Index(), Floaty(), math.nan,
                         math.inf, -math.inf, 1e300, -0.0, 3.4028235e38, 3.5e38, 2**1024]
    try:
        import numpy as np
    except ImportError:
        return values
    return values + [np.int64(3), np.int32(-3), np.uint64(2**64 - 1), np.float64(2.5),
                     np.float32(0.5), np.bool_(True)]


def _outcome(call: Callable[[], Any]) -> tuple[str, str]:
    try:
        result = call()
    except Exception as exc:  # noqa: BLE001 - compared, type and message
        return type(exc).__name__, str(exc)
    return type(result).__name__, repr(result)


SCALARS = ("add", "halve", "scale", "negate", "widen", "neg64", "twice64", "low16", "mix",
           "checked", "c_sub")


@pypy_only
@pytest.mark.parametrize("name", SCALARS)
def test_every_input_gives_what_the_c_api_path_gives(pc: ModuleType, name: str) -> None:
    fast, capi = getattr(pc, name), getattr(pc._swiggen_c, name)
    two = name in ("add", "c_sub")
    for value in _inputs():
        args = (value, 1) if two else (value,)
        assert _outcome(lambda: fast(*args)) == _outcome(lambda: capi(*args)), (name, value)
        if two:
            args = (1, value)
            assert _outcome(lambda: fast(*args)) == _outcome(lambda: capi(*args)), (name, value)


#: the overload sets, with the argument counts their members take
OVERLOADS = {"pick": (1,), "other_pick": (1,), "describe": (1,), "mixed": (2,), "count": (0, 1, 2), "prec": (1,),
             "flag": (1,), "risky": (1,), "wide": (1,), "measure": (1,)}


@pytest.mark.parametrize("name", sorted(OVERLOADS))
def test_every_input_takes_the_overload_the_c_api_path_takes(pc: ModuleType, name: str) -> None:
    """Each member returns its own number (1000s, 2000s, ...), so the same result is the same
    overload; every argument count the set takes, and one more."""
    fast, capi = getattr(pc, name), getattr(pc._swiggen_c, name)
    values = _inputs()
    few = [0, 7, -1, True, 1.5, -2.0, 2**31, 2**63, math.nan, 3.5e38, None, "ab", Index()]
    for n in (*OVERLOADS[name], max(OVERLOADS[name]) + 1):
        combos: list[tuple[Any, ...]] = [()] if n == 0 else \
            [(v,) for v in values] if n == 1 else \
            [(a, b) for a in few for b in few] if n == 2 else [tuple(few[:n])]
        for args in combos:
            assert _outcome(lambda: fast(*args)) == _outcome(lambda: capi(*args)), (name, args)
    assert _outcome(lambda: fast(x=1)) == _outcome(lambda: capi(x=1))


class _Recorder:
    """Stands in for the C API module: records which functions NAME.py calls through it."""

    def __init__(self, real: ModuleType) -> None:
        self.real, self.called = real, []

    def __getattr__(self, name: str) -> Any:
        self.called.append(name)
        return getattr(self.real, name)


@pypy_only
def test_overload_calls_of_known_types_do_not_touch_the_c_api_path(
        pc: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    recorder = _Recorder(pc._swiggen_c)
    monkeypatch.setattr(pc, "_swiggen_c", recorder)
    assert (pc.pick(3), pc.pick(1.5), pc.describe(2), pc.describe(2.5)) == (3, 3.0, 1002, 2002)
    assert (pc.mixed(1, 2), pc.mixed(1.5, 2), pc.mixed(1, 2.5)) == (1003, 2003, 1003)
    assert (pc.count(), pc.count(4), pc.count(1, 2)) == (0, 1004, 2003)
    assert (pc.prec(1.5), pc.prec(2), pc.flag(True), pc.flag(3)) == (1001, 1002, 1001, 2003)
    assert pc.risky(1) == 1001 and pc.risky(1.5) == 2001
    # a second namespace's set of the same name (renamed per signature) calls its own members
    assert (pc.pick(3), pc.other_pick(3), pc.other_pick(1.5)) == (3, 5003, 6001.5)
    with pytest.raises(IndexError, match="risky: negative"):
        pc.risky(-1)
    with pytest.raises(pc.LimitError, match="risky: negative double"):
        pc.risky(-1.5)
    assert recorder.called == []
    # what no branch takes: a str, a float beyond C float's range, an int beyond int's, keywords
    assert pc.describe("abc") == 3003 and pc.prec(1e300) == 2000 + 10**6
    assert pc.pick(2**40) == 2.0**41 and pc.pick(x=2) == 2
    assert recorder.called == ["describe", "prec", "pick", "pick"]


@pypy_only
@pytest.mark.parametrize("call", [
    lambda f: f.add(1, 2, 3), lambda f: f.add(b=2), lambda f: f.add(1, c=2),
    lambda f: f.add(1, a=2), lambda f: f.add(), lambda f: f.mix(arg0=1), lambda f: f.mix(),
    lambda f: f.mix(1, 2, 3), lambda f: f.scale(1.0, offset=None), lambda f: f.scale(offset=1.0),
    lambda f: f.scale(1.0, 2.0, 3.0, 4.0), lambda f: f.bump(1), lambda f: f.negate(b=1),
    lambda f: f.checked(i=-1), lambda f: f.low16(v=-1), lambda f: f.kind(1, type=2),
    lambda f: f.kind(c=1), lambda f: f.kind(1.5, lib=1), lambda f: f.kind(1, lib=2**40),
])
def test_argument_errors_are_the_c_api_paths(pc: ModuleType, call: Callable[[Any], Any]) -> None:
    assert _outcome(lambda: call(pc)) == _outcome(lambda: call(pc._swiggen_c))
    assert _outcome(lambda: call(pc))[0] in ("TypeError", "OverflowError", "IndexError")


def _two_threads(call: Callable[[], None]) -> None:
    threads = [threading.Thread(target=call) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def test_a_function_without_nogil_never_runs_in_two_threads_at_once(pc: ModuleType) -> None:
    # each call stays 200 us inside C++ (without the GIL on the cffi path): a second thread
    # gets the GIL and calls meanwhile, so without the lock the two overlap
    pc.reset_overlap()
    _two_threads(lambda: [pc.overlap_nogil(200) for _ in range(100)])
    assert pc.most_at_once() == 2  # (the control: this check sees two threads at once)
    pc.reset_overlap()
    _two_threads(lambda: [pc.overlap_both(200) for _ in range(100)])
    assert pc.most_at_once() == 2  # an overload set marked nogil takes no lock either
    pc.reset_overlap()
    _two_threads(lambda: [pc.overlap(200) for _ in range(100)])
    assert pc.most_at_once() == 1
    pc.reset_bumps()
    _two_threads(lambda: [pc.bump() for _ in range(20000)])
    assert pc.bumps() == 40000


_BIASED = r'''
import os, sys, threading, time
sys.path.insert(0, sys.argv[1])
import pypy_cffi as pc
assert pc._swiggen_cffi is not None

def hammer(wait=0.0):
    time.sleep(wait)
    for _ in range(100):
        pc.overlap(100)

# The importing thread holds the lock's bias (taking it without an atomic read-modify-write);
# a second thread starts while it is calling, and the bias ends with a call of the first inside
# (2 ms each: the second thread wakes, gets the GIL and calls meanwhile)
pc.reset_overlap()
pc.overlap(10)
other = threading.Thread(target=hammer, args=(0.0005,))
other.start()
for _ in range(20):
    pc.overlap(2000)
other.join()
assert pc.most_at_once() == 1, pc.most_at_once()

# a child forked from a thread that is not the biased one calls the module, with a thread
def fork_and_call():
    pid = os.fork()
    if pid == 0:
        try:
            pc.reset_overlap()
            worker = threading.Thread(target=hammer)
            worker.start()
            hammer()
            worker.join()
            os._exit(0 if pc.most_at_once() == 1 else 3)
        except BaseException:
            os._exit(4)
    _, status = os.waitpid(pid, 0)
    results.append(status)

results = []
t = threading.Thread(target=fork_and_call)
t.start()
t.join()
assert results == [0], results
print("ok")
'''


@pypy_only
@pytest.mark.parametrize("trial", range(3))
def test_the_lock_bias_ends_safely_when_a_second_thread_calls(pc: ModuleType, trial: int) -> None:
    """The importing thread takes the lock without an atomic read-modify-write until another
    thread wants it (interfaces/python/cffi.swg): the two never run at once when that happens,
    in a fresh process each time (the bias ends once per process), nor in a forked child."""
    import os
    import subprocess

    folder = os.path.dirname(pc.__file__)
    done = subprocess.run([sys.executable, "-c", _BIASED, folder], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


SAMPLE_FIELDS = ("x", "f", "i", "u", "flag", "big")


@pypy_only
def test_plain_struct_fields_are_properties_reading_through_cffi(pc: ModuleType) -> None:
    for name in SAMPLE_FIELDS + ("fixed",):
        assert type(pc.Sample.__dict__[name]) is property, name
    assert type(pc.Sample.__dict__["name"]) is not property  # a std::string: C
    assert type(pc.Tracked.__dict__["v"]) is property
    for cls, name in ((pc.Mixed, "a"), (pc.Root, "v"), (pc.Leaf, "w")):
        assert type(cls.__dict__[name]) is not property, (cls, name)  # not plain: C


def test_struct_fields_read_and_write_as_the_c_descriptors_do(pc: ModuleType) -> None:
    """A Sample and an object of a Python subclass (which always takes the C descriptors) give
    the same result and error for every value written to every field."""
    class Sub(pc.Sample):
        pass

    values = _inputs()
    for name in SAMPLE_FIELDS + ("fixed",):
        for value in values:
            fast, slow = pc.Sample(), Sub()

            def assign(obj: Any) -> Any:
                setattr(obj, name, value)
                return getattr(obj, name)

            assert _outcome(lambda: assign(fast)) == _outcome(lambda: assign(slow)), (name, value)
            assert repr(pc.sample_sum(fast)) == repr(pc.sample_sum(slow)), (name, value)
    s = pc.Sample()
    s.x, s.f, s.i, s.u, s.flag, s.big = 1.5, 0.25, -3, 65535, True, 2**62
    assert (s.x, s.f, s.i, s.u, s.flag, s.big, s.fixed) == (1.5, 0.25, -3, 65535, True, 2**62, 7)
    assert pc.sample_sum(s) == 1.5 + 0.25 - 3 + 65535 + 1 + 2**62 + 7
    s.name = "abc"
    assert s.name == "abc"


def test_struct_field_writes_keep_their_checks(pc: ModuleType) -> None:
    s = pc.Sample()
    with pytest.raises(AttributeError):
        s.nope = 1  # no such field
    with pytest.raises(AttributeError):
        s.fixed = 3  # const
    frozen = pc.frozen_sample()
    assert frozen.x == 0.0
    with pytest.raises(AttributeError, match="read-only view"):
        frozen.x = 1.0
    with pytest.raises(AttributeError, match="read-only view"):
        frozen.i = 1
    assert frozen.x == 0.0 and pc.frozen_sample().i == 0
    view = pc.shared_sample()
    view.x = 2.5  # a writable view writes C++'s object
    assert pc.shared_sample().x == 2.5 and pc.sample_sum(pc.shared_sample()) == 2.5 + 7

    class Sub(pc.Sample):
        pass

    sub = Sub()
    sub.extra = 1  # a Python subclass keeps its own attributes
    sub.x = 4.0
    assert sub.extra == 1 and sub.x == 4.0
    plain = pc.Sample()
    plain.x = 1.0
    getattr(plain, "__dict__", None)  # (PyPy: its own dict of the object, not the SWIG dict)
    plain.x = 2.0
    assert plain.x == 2.0 and pc.sample_sum(plain) == 2.0 + 7
    taken = pc.Sample()
    taken.i = 9
    assert pc.take_sample(taken) == 9
    with pytest.raises(ReferenceError):
        taken.x
    with pytest.raises(ReferenceError):
        taken.x = 1.0
    if PYPY:  # a __getattr__ added to the class is never taken for the object's address
        fresh = pc.Sample()
        fresh.i = 5
        try:
            pc.Sample.__getattr__ = lambda self, name: 0
            assert pc.Sample().x == 0.0 and fresh.i == 5
            other = pc.Sample()
            other.x = 1.25
            assert other.x == 1.25
        finally:
            del pc.Sample.__getattr__
    # an object whose __class__ became Sample keeps its own layout: refused, never read
    impostor = pc.Mixed()
    try:
        impostor.__class__ = pc.Sample
    except TypeError:
        pass
    else:
        with pytest.raises(TypeError):
            impostor.big
        with pytest.raises((TypeError, AttributeError)):  # (PyPy's C side: still a Mixed)
            impostor.big = 12345
        impostor.__class__ = pc.Mixed
        assert impostor.sum() == 3
    # an object's dict given another's (what the other keeps of itself) writes its own object
    if PYPY:
        first, second = pc.Sample(), pc.Sample()
        first.x = 1.0
        vars(second).update(vars(first))
        second.x = 2.0
        assert (first.x, second.x, pc.sample_sum(first)) == (1.0, 2.0, 1.0 + 7)
    # a descriptor handed another object refuses it (no read at the wrong address)
    with pytest.raises(TypeError):
        pc.Sample.__dict__["x"].__get__(pc.Mixed(), pc.Sample)
    with pytest.raises(TypeError):
        pc.Sample.__dict__["x"].__set__(pc.Mixed(), 1.0)


@pypy_only
def test_objects_whose_fields_went_through_cffi_are_freed(pc: ModuleType) -> None:
    """Each keeps its struct's address next to itself in its own dict (a cycle PyPy's GC
    collects): none is kept alive by it."""
    import gc

    before = pc.tracked_alive()
    for _ in range(2000):
        t = pc.Tracked()
        t.v = 1.5
        assert t.v == 1.5
    del t
    for _ in range(3):
        gc.collect()
    assert pc.tracked_alive() == before
