"""Callbacks (issue 22): Python callables as std::function parameters, fields and results, and
as C callbacks with user data; exceptions through C++ frames, the GIL from C++ threads, and
lifetimes (the callable's reference count, live C++ objects) over many calls."""

from __future__ import annotations

import gc
import inspect
import sys
import threading

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def cb(case_module):  # type: ignore[no-untyped-def]
    return case_module("callables")


class Boom(Exception):
    pass


# -- std::function parameters ------------------------------------------------------------------

def test_lambdas_bound_methods_and_builtins_are_called_by_cpp(cb) -> None:
    class Scale:
        def __init__(self, k: int) -> None:
            self.k = k

        def times(self, v: int) -> int:
            return v * self.k

    assert cb.apply(lambda v: v + 1, 41) == 42
    assert cb.apply(Scale(3).times, 5) == 15
    assert cb.apply(abs, -7) == 7
    assert cb.fold([1.0, 2.0, 3.5], lambda a, b: a + b, 0.5) == 7.0
    assert cb.greet(lambda s, n: s.upper() * n) == "WORLDWORLD"


def test_a_comparator_orders_std_sort_and_a_sorted_container(cb) -> None:
    assert cb.sorted_by(["bb", "a", "ccc"], lambda x, y: len(x) > len(y)) == ["ccc", "bb", "a"]
    bag = cb.SortedBag(lambda a, b: a % 10 < b % 10)
    for v in (31, 12, 9, 40, 21):  # 21 is equivalent to 31 in this order: not added
        bag.add(v)
    assert bag.items() == [40, 31, 12, 9] and len(bag) == 4


@pytest.mark.cpython_only
def test_a_sorted_container_holds_its_comparator_until_it_is_gone(cb) -> None:
    less = lambda a, b: a % 10 < b % 10  # noqa: E731
    before = sys.getrefcount(less)
    bag = cb.SortedBag(less)
    bag.add(1)
    assert sys.getrefcount(less) == before + 1  # the std::set holds it
    del bag
    gc.collect()
    assert sys.getrefcount(less) == before


def test_arguments_convert_as_everywhere_else(cb) -> None:
    seen = []

    def handler(e) -> None:  # type: ignore[no-untyped-def]
        seen.append((type(e).__name__, e.code, e.name))
        e.code = 99  # a reference: C++ sees the change

    assert cb.dispatch(handler, 5) == 99
    assert seen == [("Event", 5, "click")]
    # by value: a copy Python owns
    copies = []
    assert cb.repeat(lambda e: copies.append(e) or e.code, 4) == 6
    assert [e.code for e in copies] == [0, 1, 2, 3]


def test_a_kept_reference_argument_is_detached_not_dangling(cb) -> None:
    kept = []
    cb.dispatch(kept.append, 1)
    with pytest.raises(ReferenceError, match="only lent to a Python callback or override"):
        kept[0].code  # the C++ Event is gone: refused, never read


def test_a_non_callable_raises_type_error_naming_the_parameter(cb) -> None:
    with pytest.raises(TypeError, match=r"apply\(\) argument 'f' \(position 1\) must be .*not int"):
        cb.apply(3, 1)


def test_a_bad_result_raises_type_error(cb) -> None:
    with pytest.raises(TypeError, match="result"):
        cb.apply(lambda v: "no", 1)


# -- exceptions ---------------------------------------------------------------------------------

def test_an_exception_comes_back_out_of_the_call_as_itself(cb) -> None:
    raised = Boom("from the callable")

    def fail(v: int) -> int:
        raise raised

    with pytest.raises(Boom) as info:
        cb.apply(fail, 1)
    assert info.value is raised
    with pytest.raises(Boom) as info:  # through std::sort's frames
        cb.sorted_by(["b", "a"], lambda x, y: fail(0) > 0)
    assert info.value is raised
    with pytest.raises(KeyError):
        cb.greet(lambda s, n: {}[s])


def test_an_exception_in_a_noexcept_call_goes_to_unraisablehook(cb, monkeypatch) -> None:
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    def fail(v: int) -> int:
        raise Boom("lost")

    assert cb.apply_noexcept(fail, 1) == 0
    assert len(reported) == 1 and isinstance(reported[0].exc_value, Boom)
    assert cb.apply_noexcept(lambda v: v * 2, 4) == 8


# -- threads ------------------------------------------------------------------------------------

def test_a_cpp_thread_takes_the_gil_to_call_python(cb) -> None:
    threads = []

    def f(v: int) -> int:
        threads.append(threading.get_ident())
        return v + 1

    assert cb.apply_in_thread(f, 1) == 2
    assert threads and threads[0] != threading.get_ident()
    with pytest.raises(Boom):
        cb.apply_in_thread(lambda v: (_ for _ in ()).throw(Boom()), 1)
    # other Python threads run while C++ calls back
    results = []
    workers = [threading.Thread(target=lambda: results.append(cb.apply_in_thread(f, 5)))
               for _ in range(4)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    assert results == [6] * 4


# -- std::function results and fields ----------------------------------------------------------

def test_a_returned_std_function_is_callable_and_passes_back_as_itself(cb) -> None:
    add2 = cb.adder(2)
    assert add2(40) == 42
    assert cb.suffix("!")("hi") == "hi!"
    assert cb.apply(add2, 5) == 7
    assert cb.is_native(add2)  # called directly: no Python in between
    assert not cb.is_native(lambda v: v)
    with pytest.raises(TypeError, match="argument 1"):
        add2("x")
    with pytest.raises(TypeError, match="takes 1 argument"):
        add2()


def test_a_wrapped_function_is_called_directly(cb) -> None:
    assert cb.apply(cb.twice, 21) == 42
    assert cb.holds_function(cb.twice)  # the C++ function itself: no Python in between
    assert not cb.holds_function(lambda v: 2 * v)
    assert cb.holds_function is not None and cb.apply(abs, -1) == 1  # other builtins: called


def test_a_field_holds_a_callable(cb) -> None:
    clicks = []
    b = cb.Button(label="ok")
    assert b.on_click is None and not b.click()
    handler = clicks.append
    b.on_click = handler
    assert b.on_click is handler  # a Python callable comes back as itself
    assert b.click() and clicks == ["ok"]
    b.on_click = None
    assert not b.click()


# -- C callbacks with user data -----------------------------------------------------------------

def test_a_qsort_style_comparator_with_user_data(cb) -> None:
    assert cb.sort_ints([3, 1, 2], lambda a, b: b - a) == [3, 2, 1]
    calls = []
    assert cb.sort_ints([5, 4], lambda a, b: calls.append((a, b)) or a - b) == [4, 5]
    assert calls
    raised = Boom("cmp")

    def fail(a: int, b: int) -> int:
        calls.append(0)
        raise raised

    calls.clear()
    with pytest.raises(Boom) as info:
        cb.sort_ints(list(range(100)), fail)
    assert info.value is raised and len(calls) == 1  # later comparisons never reach Python


def test_user_data_first_and_a_reference_argument(cb) -> None:
    codes = []
    assert cb.for_each_event(3, lambda e: codes.append(e.code)) == 3
    assert codes == [0, 1, 2]


def test_a_c_callback_called_from_a_cpp_thread_takes_the_gil(cb) -> None:
    seen = []
    assert cb.each_in_thread(3, lambda i: seen.append((i, threading.get_ident()))) == 3
    assert [i for i, _ in seen] == [0, 1, 2]
    assert {t for _, t in seen} != {threading.get_ident()}  # the C++ thread, not this one
    raised = Boom("on the thread")

    def fail(i: int) -> None:
        seen.append(i)
        raise raised

    seen.clear()
    with pytest.raises(Boom) as info:  # kept by the thunk, raised when the C++ call returns
        cb.each_in_thread(5, fail)
    assert info.value is raised and seen == [0]


def test_a_listener_is_called_until_it_is_unregistered(cb, monkeypatch) -> None:
    events = []

    def listener(event: int) -> None:
        events.append(event)

    cb.add_listener(listener)
    assert cb.emit(1) == 1
    cb.add_listener(listener)  # twice: two registrations
    assert cb.emit(2) == 2
    cb.remove_listener(listener)
    assert cb.emit(3) == 1
    cb.remove_listener(listener)
    assert cb.emit(4) == 0
    assert events == [1, 2, 2, 3]
    with pytest.raises(ValueError, match="not registered"):
        cb.remove_listener(listener)
    # a registered callback's exception has no call to come out of: sys.unraisablehook
    reported = []
    monkeypatch.setattr(sys, "unraisablehook", reported.append)

    def failing(event: int) -> None:
        raise Boom(event)

    cb.add_listener(failing)
    cb.emit(5)
    cb.remove_listener(failing)
    assert [type(r.exc_value) for r in reported] == [Boom]


@pytest.mark.cpython_only
def test_a_listener_lives_exactly_until_it_is_unregistered(cb) -> None:
    def listener(event: int) -> None:
        pass

    before = sys.getrefcount(listener)
    cb.add_listener(listener)
    assert sys.getrefcount(listener) == before + 1
    cb.add_listener(listener)
    assert sys.getrefcount(listener) == before + 2
    cb.remove_listener(listener)
    assert sys.getrefcount(listener) == before + 1
    cb.remove_listener(listener)
    assert sys.getrefcount(listener) == before


def test_a_function_pointer_without_user_data_takes_the_modules_functions(cb) -> None:
    assert not cb.raise_signal(1)  # no handler yet
    before = cb.recorded_signals()
    cb.on_signal(cb.record_signal)  # C++ holds &record_signal itself
    assert cb.raise_signal(5) and cb.recorded_signals() == before + 5
    assert cb.raise_signal(cb.record_signal, 2) and cb.recorded_signals() == before + 7  # typedef
    for other in (lambda s: None, cb.twice, print, None):  # no Python callable: no user data
        with pytest.raises(TypeError, match=r"on_signal\(\) argument 'handler' \(position 1\): "
                           r"only this module's functions of type void \(\*\)\(int\) pass"):
            cb.on_signal(other)
    with pytest.raises(TypeError, match="incompatible function arguments"):
        cb.raise_signal(lambda s: None, 1)  # the overload that takes a pointer refuses it
    assert cb.raise_signal(3) and cb.recorded_signals() == before + 10  # still record_signal


def test_a_function_pointer_no_function_of_the_module_fits_is_left_out(cb) -> None:
    assert not hasattr(cb, "on_progress")


# -- lifetimes ----------------------------------------------------------------------------------

N = 100_000


@pytest.mark.cpython_only
def test_no_leak_over_many_calls_and_registrations(cb) -> None:
    def f(v: int) -> int:
        return v

    def visit(e) -> None:  # type: ignore[no-untyped-def]
        pass

    def listener(event: int) -> None:
        pass

    gc.collect()
    refs = [sys.getrefcount(x) for x in (f, visit, listener)]
    live = cb.live_events()
    assert cb.sum_calls(f, N) == N * (N - 1) // 2
    assert cb.repeat(lambda e: 1, N) == N
    cb.for_each_event(N, visit)
    for i in range(N):  # registrations: each one released by its unregister call
        cb.add_listener(listener)
        cb.emit(i)
        cb.remove_listener(listener)
    for i in range(N // 10):
        assert cb.apply(f, i) == i and cb.sort_ints([2, 1], lambda a, b: a - b) == [1, 2]
    add = cb.adder(1)
    for i in range(N // 10):
        assert cb.apply(add, i) == i + 1
    del add
    gc.collect()
    assert [sys.getrefcount(x) for x in (f, visit, listener)] == refs
    assert cb.live_events() == live


def test_a_callback_defaulting_to_null_takes_none_or_nothing(cb) -> None:  # type: ignore[no-untyped-def]
    """rtmidi's `setErrorCallback(fn cb = NULL, void *user = 0)`: leaving the callback out, or
    None, passes the library its null default; anything else but a callable is a TypeError."""
    d = cb.Device()
    seen: list[object] = []
    assert not d.fail(1)
    d.set_error_callback(lambda code, text: seen.append((code, text)))
    assert d.fail(3) and seen == [(3, "failed")]
    d.set_error_callback(None)
    assert not d.fail(4)
    d.set_error_callback(lambda code, text: seen.append(code))
    d.set_error_callback()
    assert not d.fail(5) and seen == [(3, "failed")]
    with pytest.raises(TypeError, match="argument 'cb' .* must be .*Callable.* | None, not int"):
        d.set_error_callback(5)
    assert cb.count_to(5) == 5 and cb.count_to(5, None, step=2) == 3
    assert cb.count_to(3, lambda i: seen.append(i)) == 3 and seen[-3:] == [0, 1, 2]
    assert str(inspect.signature(cb.count_to)) == "(n, each=None, step=1)"
