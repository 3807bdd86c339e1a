"""Overridable virtuals: Python subclasses of `overridable` classes, called by C++
(docs/callbacks.md, "Overridable virtuals")."""

from __future__ import annotations

import gc
import subprocess
import sys
import threading
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def m(case_module) -> ModuleType:  # type: ignore[no-untyped-def]
    return case_module("overrides")


def tree(m: ModuleType):  # type: ignore[no-untyped-def]
    """root(a(a1, a2), b)"""
    root = m.Node("root")
    a = root.add("a")
    a.add("a1")
    a.add("a2")
    root.add("b")
    return root


def collect() -> None:
    """Collect garbage, twice: PyPy runs the __del__ of a Python object whose last reference
    C++ dropped (a director's) at the collection after the one that freed the C++ side."""
    gc.collect()
    gc.collect()


def make_handler(m: ModuleType) -> type:
    class Scaled(m.Handler):  # type: ignore[name-defined, misc]
        alive = 0

        def __init__(self, k: int) -> None:
            super().__init__()
            self.k = k
            Scaled.alive += 1

        def __del__(self) -> None:
            Scaled.alive -= 1

        def handle(self, event: int) -> int:
            return event * self.k

        def name(self) -> str:
            return f"x{self.k}"

    return Scaled


def test_visitor_implemented_in_python_walks_a_cpp_tree(m: ModuleType) -> None:
    class Collect(m.Visitor):  # type: ignore[name-defined, misc]
        def __init__(self) -> None:
            super().__init__()
            self.entered: list[str] = []
            self.left_nodes: list[str] = []

        def enter(self, node) -> bool:  # type: ignore[no-untyped-def]
            self.entered.append(node.name())
            return node.name() != "a"  # skip a's children

        def leave(self, node) -> None:  # type: ignore[no-untyped-def]
            self.left_nodes.append(node.name())

    v = Collect()
    assert m.walk(tree(m), v) == 3
    assert v.entered == ["root", "a", "b"]
    assert v.left_nodes == ["a", "b", "root"]
    assert v.left == 0  # the C++ leave() was overridden


def test_a_method_not_overridden_runs_the_cpp_one(m: ModuleType) -> None:
    class EnterAll(m.Visitor):  # type: ignore[name-defined, misc]
        def enter(self, node) -> bool:  # type: ignore[no-untyped-def]
            return True

    v = EnterAll()
    assert m.walk(tree(m), v) == 5
    assert v.left == 5  # C++ Visitor::leave counted them
    # an explicit call of the base class's method from Python runs the C++ one too
    m.Visitor.leave(v, m.Node("x"))
    assert v.left == 6


def test_pure_virtual_not_defined_raises_not_implemented(m: ModuleType) -> None:
    class Lazy(m.Visitor):  # type: ignore[name-defined, misc]
        pass

    with pytest.raises(NotImplementedError, match="enter is a pure virtual"):
        m.walk(tree(m), Lazy())
    with pytest.raises(NotImplementedError):
        m.Visitor.enter(Lazy(), m.Node("x"))


def test_the_abstract_base_itself_cannot_be_made(m: ModuleType) -> None:
    with pytest.raises(TypeError, match="abstract C\\+\\+ class"):
        m.Visitor()
    with pytest.raises(TypeError, match="abstract C\\+\\+ class"):
        m.Handler()


def test_derived_cpp_class_is_overridable_too(m: ModuleType) -> None:
    class Tripler(m.Doubler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            return 3 * event + m.Doubler.handle(self, event)  # 3e + the C++ 2e

    assert m.call_many(Tripler(), 3) == 5 * (0 + 1 + 2)
    assert m.call_many(m.Doubler(), 3) == 2 * (0 + 1 + 2)  # the C++ class, no Python


def test_exception_in_override_comes_back_as_itself(m: ModuleType) -> None:
    class Deep(Exception):
        pass

    class Raiser(m.Visitor):  # type: ignore[name-defined, misc]
        def enter(self, node) -> bool:  # type: ignore[no-untyped-def]
            if node.name() == "a2":  # three C++ frames of walk() below the call
                self.error = Deep("no entry", 42)
                raise self.error
            return True

    v = Raiser()
    with pytest.raises(Deep) as info:
        m.walk(tree(m), v)
    assert info.value is v.error and info.value.args == ("no entry", 42)
    # the traceback reaches into the override
    assert info.traceback[-1].name == "enter"

    class Bad(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            raise ValueError(f"bad event {event}")

    with pytest.raises(ValueError, match="^bad event 0$"):
        m.call_many(Bad(), 5)


def test_wrong_result_type_is_a_type_error(m: ModuleType) -> None:
    class Wrong(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> str:
            return "not an int"

    with pytest.raises(TypeError, match="in output value of type 'int'"):
        m.call_many(Wrong(), 1)


def test_noexcept_override_exception_goes_to_unraisablehook(
        m: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    class Heavy(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            return 0

        def weight(self, x: int) -> int:
            if x < 0:
                raise KeyError("negative weight")
            if x == 0:
                return "zero"  # type: ignore[return-value]  # the wrong type
            return 10 * x

    seen: list[tuple[type, str, object]] = []
    # the place: the hook's `object` (on PyPy, cpyext names it in `err_msg`: docs/pypy.md)
    monkeypatch.setattr(sys, "unraisablehook", lambda a: seen.append(
        (a.exc_type, str(a.exc_value), a.object if a.object is not None else a.err_msg)))
    r = m.Registry()
    r.add(Heavy())
    r.add(m.Doubler())
    assert r.total_weight(2) == 20 + 2
    assert seen == []
    assert r.total_weight(-1) == 0 + -1  # the raising override counts as 0 (value-initialised)
    assert seen[0][:2] == (KeyError, "'negative weight'")
    assert "Handler.weight" in str(seen[0][2])
    assert r.total_weight(0) == 0
    assert seen[1][0] is TypeError and "type mismatch" in seen[1][1]


def test_abstract_base_owned_by_cpp_after_disown(m: ModuleType) -> None:
    Scaled = make_handler(m)
    collect()  # earlier tests' handlers
    base = m.Handler.live()
    r = m.Registry()
    h = Scaled(3)
    r.add(h)
    r.add(Scaled(5))  # only the registry holds it
    gc.collect()
    assert Scaled.alive == 2 and m.Handler.live() == base + 2
    assert r.dispatch(2) == 16
    assert r.names() == "x3,x5"
    del h
    collect()
    assert Scaled.alive == 2  # C++ holds both: the Python objects live on
    assert r.dispatch(1) == 8
    del r  # the registry deletes its handlers, and they release their Python objects
    collect()
    assert Scaled.alive == 0 and m.Handler.live() == base


def test_disowned_object_deleted_by_cpp_raises_reference_error(m: ModuleType) -> None:
    Scaled = make_handler(m)
    r = m.Registry()
    h = Scaled(2)
    r.add(h)
    assert r.dispatch(1) == 2
    r.clear()  # C++ deletes the C++ half; Python still holds `h`
    assert r.size() == 0
    with pytest.raises(ReferenceError):
        m.call_many(h, 1)
    with pytest.raises(ReferenceError):
        m.Handler.name(h)
    with pytest.raises(ReferenceError):
        r.add(h)
    assert h.handle(4) == 8  # its Python methods are plain Python
    del h
    gc.collect()
    assert Scaled.alive == 0


def test_overrides_called_from_cpp_threads_without_the_gil(m: ModuleType) -> None:
    Scaled = make_handler(m)
    r = m.Registry()
    for k in (1, 2, 3):
        r.add(Scaled(k))
    r.add(m.Doubler())
    assert r.dispatch_threads(10) == 10 + 20 + 30 + 20
    assert m.call_in_thread(Scaled(7), 3) == 21

    # the GIL is released: a Python thread runs while C++ waits for its override
    started = threading.Event()
    release = threading.Event()

    class Waits(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            started.set()
            assert release.wait(10)
            return event

    results: list[int] = []
    t = threading.Thread(target=lambda: results.append(m.call_in_thread(Waits(), 5)))
    t.start()
    assert started.wait(10)
    release.set()
    t.join(10)
    assert results == [5]


FIRST_THREADS = """
import sys, threading, time
sys.path.insert(0, sys.argv[1])
import overrides as m

assert threading.active_count() == 1  # Python has started no thread

class Busy(m.Handler):
    def handle(self, event):
        end = time.monotonic() + 0.005  # holds the GIL while the other C++ threads wait for it
        while time.monotonic() < end:
            pass
        return event

r = m.Registry()
handlers = [Busy() for _ in range(4)]
for h in handlers:
    r.add(h)
print(r.dispatch_threads(3))
"""


def test_cpp_threads_wait_for_the_gil_before_python_started_a_thread(m: ModuleType) -> None:
    # in a fresh process: PyPy makes its GIL when Python starts a thread, and a C++ thread that
    # waited for it before then aborted the process (pypy.swg makes it at import)
    proc = subprocess.run([sys.executable, "-c", FIRST_THREADS, str(Path(m.__file__).parent)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "12", proc.stderr[-2000:]


def test_exception_in_override_on_a_cpp_thread(m: ModuleType) -> None:
    class Fails(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            raise LookupError(f"thread {event}")

    with pytest.raises(LookupError, match="^thread 4$"):
        m.call_in_thread(Fails(), 4)
    r = m.Registry()
    r.add(Fails())
    with pytest.raises(LookupError, match="^thread 6$"):
        r.dispatch_threads(6)


@pytest.mark.cpython_only
def test_no_leak_over_many_calls_and_registrations(m: ModuleType) -> None:
    Scaled = make_handler(m)
    h = Scaled(1)
    base_live = m.Handler.live()
    refs = sys.getrefcount(h)
    assert m.call_many(h, 100_000) == sum(range(100_000))
    gc.collect()
    assert sys.getrefcount(h) == refs and m.Handler.live() == base_live

    class Raises(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            raise ValueError(event)

    bad = Raises()
    bad_refs = sys.getrefcount(bad)
    for _ in range(1000):
        with pytest.raises(ValueError):
            m.call_many(bad, 1)
    gc.collect()
    assert sys.getrefcount(bad) == bad_refs
    del bad

    objects = len(gc.get_objects())
    r = m.Registry()
    for i in range(100_000):
        r.add(Scaled(i))
        if i % 1000 == 999:
            assert r.dispatch(1) == sum(range(i - 999, i + 1))
            r.clear()
    del r
    gc.collect()
    assert Scaled.alive == 1 and m.Handler.live() == base_live  # `h` only
    assert len(gc.get_objects()) < objects + 100


def test_values_cross_into_overrides_as_python_values(m: ModuleType) -> None:
    seen = []

    class Router(m.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            return 0

        def route(self, path, scores, kind, limit):  # type: ignore[no-untyped-def]
            seen.append((path, scores, kind, limit))
            return [10, 20]

    assert m.call_route(Router()) == 30
    assert seen == [(["a", "b"], {"x": 1.5}, m.Kind.mouse, None)]
    assert type(seen[0][2]) is m.Kind
    assert m.call_route(m.Doubler()) == 2 + 1 - 1  # the C++ route()

    class BadRoute(Router):
        def route(self, path, scores, kind, limit):  # type: ignore[no-untyped-def]
            return ["x"]

    with pytest.raises(TypeError, match="expected int, got str"):
        m.call_route(BadRoute())


def test_unique_ptr_parameter_keeps_the_python_object(m: ModuleType) -> None:
    Scaled = make_handler(m)
    r = m.Registry()
    h = Scaled(4)
    r.adopt(h)
    assert h.handle(1) == 4 and m.Handler.name(h) == "handler"  # still usable from Python
    with pytest.raises(RuntimeError, match="not owned"):
        r.adopt(h)  # Python no longer owns it (SWIG's error, as for any unique_ptr)
    r.adopt(Scaled(6))
    gc.collect()
    assert Scaled.alive == 2 and r.dispatch(1) == 10
    r.clear()
    with pytest.raises(ReferenceError):
        m.call_many(h, 1)
    del h
    gc.collect()
    assert Scaled.alive == 0
    d = m.Doubler()  # a C++ object moved out: ReferenceError after (ownership.md)
    r.adopt(d)
    with pytest.raises(ReferenceError):
        m.Handler.name(d)


KEPT_VIEW = """
import sys
sys.path.insert(0, sys.argv[1])
import overrides as m

kept = []

class Keep(m.Visitor):
    def enter(self, node):
        kept.append(node)  # a view of the C++ node, kept beyond the call
        return True

root = m.Node("root")
root.add("a")
m.walk(root, Keep())
del root  # the tree, and with it the node `kept[1]` views, is deleted
try:
    kept[1].name()
except TypeError:
    print("detached")
"""


def test_a_kept_reference_argument_of_an_override_is_detached(m: ModuleType) -> None:
    # in a process of its own: without the fix the read of freed memory may crash
    proc = subprocess.run([sys.executable, "-c", KEPT_VIEW, str(Path(m.__file__).parent)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.strip() == "detached", proc.stderr[-2000:]
