"""Ownership rules, proven with a C++ live-object counter (tests/cases/ownership)."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest
from swiggen import disown, own, owned

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def ow(case_module):  # type: ignore[no-untyped-def]
    return case_module("ownership")


@pytest.fixture()
def live(ow):  # type: ignore[no-untyped-def]
    """The change in live C++ Nodes during a test (after collecting garbage)."""
    gc.collect()
    start = ow.live_nodes()

    def delta() -> int:
        gc.collect()
        return ow.live_nodes() - start

    return delta


def test_value_construction_is_owned_and_deleted_once(ow, live) -> None:
    before = ow.destroyed_nodes()
    n = ow.Node(1)
    assert live() == 1
    del n
    assert live() == 0 and ow.destroyed_nodes() == before + 1


def test_newobject_factory_is_deleted_by_python(ow, live) -> None:
    n = ow.make_node(5)
    assert n.value == 5 and live() == 1
    del n
    assert live() == 0


def test_borrowed_free_function_result_is_never_deleted(ow) -> None:
    ow.pooled_node()  # creates the pool on first use
    gc.collect()
    base = ow.live_nodes()
    p = ow.pooled_node()
    q = ow.mystery_node()  # warned about at build time; treated as borrowed
    assert p.value == 99 and q.value == 99
    del p, q
    gc.collect()
    assert ow.live_nodes() == base and ow.pooled_node().value == 99


def test_disown_transfers_to_the_container(ow, live) -> None:
    scene = ow.Scene()
    n = ow.Node(7)
    scene.add(n)
    del n  # Python no longer owns it: not deleted
    assert live() == 1 and scene.size() == 1
    del scene  # the scene deletes it, exactly once
    assert live() == 0


def test_disown_does_not_leak_onto_const_parameters(ow, live) -> None:
    n = ow.Node(5)
    assert ow.peek(n) == 5  # `const Node *node`: must not take ownership
    del n
    assert live() == 0


@pytest.mark.cpython_only
def test_disown_does_not_leak_onto_other_functions_parameters(ow, live) -> None:
    """SWIG applies a typemap by parameter type and name: `weigh(Node* node)` beside
    `Scene::add(Node* node)`, marked disown(node), must neither take ownership nor refuse a
    node Python does not own."""
    n = ow.Node(5)
    assert ow.weigh(n) == 10 and owned(n)
    scene = ow.Scene()
    m = ow.Node(6)
    scene.add(m)
    assert not owned(m) and ow.weigh(m) == 12  # not owned by Python: still accepted
    del n
    assert live() == 1
    del m, scene
    assert live() == 0


@pytest.mark.cpython_only
def test_adopted_child_keeps_its_owner_alive(ow, live) -> None:
    scene = ow.Scene()
    n = ow.Node(8)
    scene.add(n)
    del scene  # n keeps the scene (its owner) alive
    assert live() == 1 and n.value == 8
    del n
    assert live() == 0


@pytest.mark.cpython_only
def test_borrowed_reference_outlives_owner_handle(ow, live) -> None:
    scene = ow.Scene()
    scene.add(ow.Node(3))
    ref = scene.at(0)
    ptr = scene.first()
    del scene  # ref and ptr keep the scene alive: no dangling reference
    assert ref.value == 3 and ptr.value == 3
    ref.value = 4
    assert ptr.value == 4  # both are views of the same C++ object
    del ref
    assert live() == 1
    del ptr
    assert live() == 0


def test_unique_ptr_round_trip_and_invalidation(ow, live) -> None:
    n = ow.make_unique_node(11)
    assert n.value == 11 and live() == 1
    assert ow.consume(n) == 11  # ownership moved into C++, which deleted it
    assert live() == 0
    with pytest.raises(ReferenceError):
        n.value
    with pytest.raises((ReferenceError, RuntimeError, TypeError, ValueError)):
        ow.consume(n)  # already moved: an error, not a crash


def test_none_is_no_empty_smart_pointer(ow) -> None:
    # `swiggen check`'s findings: None became an empty pointer the library dereferenced
    for fn in (ow.consume, ow.resource_value, ow.use_count, ow.keep):
        with pytest.raises(TypeError, match="must not be None"):
            fn(None)
    stub = (Path(ow.__file__).parent / "ownership.pyi").read_text()
    assert "def consume(node: Node) -> int: ..." in stub
    assert "def resource_value(r: Resource) -> int: ..." in stub


def test_shared_ptr_ownership_is_shared_with_cpp(ow) -> None:
    base = ow.live_resources()
    r = ow.make_resource(12)
    assert ow.resource_value(r) == 12 and r.value == 12
    assert ow.use_count(r) == 1
    ow.keep(r)
    assert ow.use_count(r) == 2
    del r  # C++ still holds one reference
    gc.collect()
    assert ow.live_resources() == base + 1
    ow.release_kept()
    assert ow.live_resources() == base
    mine = ow.Resource(3)  # constructed from Python, still shareable
    ow.keep(mine)
    del mine
    gc.collect()
    assert ow.live_resources() == base + 1
    ow.release_kept()
    assert ow.live_resources() == base


def test_nested_field_is_a_view_that_keeps_outer_alive(ow) -> None:
    outer = ow.make_outer()
    outer.inner.x = 3  # modifies outer, not a temporary copy
    assert outer.inner.x == 3
    inner = outer.inner
    del outer
    gc.collect()
    assert inner.x == 3  # still valid: the view keeps outer alive
    inner.x = 5
    assert inner.x == 5


def test_a_views_owner_is_out_of_reach_of_python_code(ow) -> None:
    # what a view keeps alive is in its SWIG dict, which is no attribute of it (no `__dict__`:
    # swig/swigattrs.py; PyPy gives every object an empty one of its own), so `vars(view)` can
    # neither show nor drop the owner it needs
    outer = ow.make_outer()
    outer.inner.x = 4
    inner = outer.inner
    if sys.implementation.name != "pypy":
        with pytest.raises(AttributeError):
            inner.__dict__  # noqa: B018
        with pytest.raises(TypeError):
            vars(inner)
    assert "__swiggen_owners__" not in dir(inner) and not getattr(inner, "__dict__", {})
    del outer
    gc.collect()
    assert inner.x == 4  # the owner moved into the dict and is still kept alive
    inner.x = 7
    assert inner.x == 7


@pytest.mark.cpython_only
def test_many_cycles_leave_no_live_objects(ow, live) -> None:
    for i in range(20000):
        scene = ow.Scene()
        scene.add(ow.make_node(i))
        ref = scene.at(0)
        del scene
        assert ref.value == i
        del ref
        n = ow.make_unique_node(i)
        ow.consume(n)
    assert live() == 0


def test_deleter_newobject_free_and_readonly(ow) -> None:
    closed = ow.closed_handles()
    h = ow.handle_open(4)
    assert h.id == 4
    with pytest.raises(TypeError):
        ow.Handle()  # created only by the library
    with pytest.raises(AttributeError):
        h.next = None  # readonly
    freed = ow.freed_texts()
    assert ow.handle_name(h) == "handle-4"  # copied into a str, then text_free'd
    assert ow.freed_texts() == freed + 1
    del h
    gc.collect()
    assert ow.closed_handles() == closed + 1  # released with handle_close, exactly once


#: each way a class's deleter can be reached: (make one, the deleter, how many it closed)
DELETERS = {
    "free function": (lambda m: m.handle_open(3), lambda m: m.handle_close,
                      lambda m: m.closed_handles()),
    "static method": (lambda m: m.Closable.open(3), lambda m: m.Closable.close,
                      lambda m: m.closed_closables()),
}


@pytest.mark.parametrize("site", sorted(DELETERS))
def test_a_deleter_called_directly_gives_up_the_object(ow, site: str) -> None:
    """`deleter(fn)` on the class: fn called from Python deletes the object, as `destroys(h)`
    says; the Python object is cleared (ReferenceError), and dropping it releases nothing
    again (it was a double free)."""
    make, deleter, closed = DELETERS[site]
    before = closed(ow)
    h = make(ow)
    assert h.id == 3
    deleter(ow)(h)
    assert closed(ow) == before + 1
    with pytest.raises(ReferenceError):
        h.id
    with pytest.raises((ReferenceError, TypeError)):
        deleter(ow)(h)  # not a second release
    del h
    gc.collect()
    assert closed(ow) == before + 1  # exactly once
    kept = make(ow)  # one never closed by hand is released with its Python object, once
    del kept
    gc.collect()
    assert closed(ow) == before + 2


@pytest.mark.cpython_only
def test_borrowed_free_function_result_keeps_its_first_argument_alive(ow, live) -> None:
    scene = ow.Scene()
    scene.add(ow.Node(9))
    front = ow.scene_front(scene)
    del scene  # the Scene owns the Node; `front` keeps the Scene alive
    assert live() == 1 and front.value == 9
    del front
    assert live() == 0


def test_destroyed_argument_raises_reference_error(ow) -> None:
    """The behaviour alone (the tests below also count the C++ objects: CPython only)."""
    scene = ow.Scene()
    scene.add(ow.Node(1))
    n = scene.first()
    scene.remove(n)
    with pytest.raises(ReferenceError):
        n.value
    assert scene.size() == 0
    m = ow.Node(2)
    assert ow.weigh(m) == 4 and owned(m)  # weigh(Node* node): nothing taken
    scene.add(m)
    assert not owned(m) and ow.weigh(m) == 4


@pytest.mark.cpython_only
def test_destroys_clears_the_argument(ow, live) -> None:
    """destroys(gone): after the call deletes the object, the Python object passed raises
    ReferenceError (never freed memory) and is not deleted again by Python."""
    scene = ow.Scene()
    scene.add(ow.Node(1))
    scene.add(ow.Node(2))
    n = scene.first()
    assert n.value == 1 and scene.holds(n) == 1  # holds(Node* gone): not a destroyer
    assert n.value == 1
    scene.remove(n)
    assert live() == 1 and scene.size() == 1
    with pytest.raises(ReferenceError):
        n.value
    with pytest.raises(ReferenceError):
        n.value = 3
    with pytest.raises((ReferenceError, TypeError)):
        scene.remove(n)  # not a second delete
    assert scene.size() == 1
    del n
    # a failed call (the C++ throws) leaves the argument alone
    stranger = ow.Node(9)
    with pytest.raises(ValueError, match="not a node of this scene"):
        scene.remove(stranger)
    assert stranger.value == 9
    del stranger, scene
    assert live() == 0


@pytest.mark.cpython_only
def test_destroys_an_object_python_owned(ow, live) -> None:
    n = ow.make_node(4)  # newobject: Python owns it
    ow.node_free(n)
    assert live() == 0
    with pytest.raises(ReferenceError):
        n.value
    del n  # not deleted a second time
    gc.collect()
    assert live() == 0


def test_ownership_is_read_and_moved_through_swiggens_api(ow, case_module) -> None:  # type: ignore[no-untyped-def]
    """`swiggen.owned`/`disown`/`own` (docs/ownership.md) in place of SWIG's `thisown`, which no
    object has: each refuses what would make two owners or none."""
    n = ow.Node(1)
    assert owned(n) and not hasattr(n, "thisown") and not hasattr(n, "disown")
    disown(n)  # C++ deletes it now: node_free does
    assert not owned(n)
    with pytest.raises(ValueError,
                       match=r"swiggen.disown\(\): this (ownership\.)?Node is not owned"):
        disown(n)
    ow.node_free(n)
    assert not owned(n)
    with pytest.raises(ReferenceError, match="moved out .* or destroyed"):
        own(n)
    m = ow.Node(2)
    disown(m)
    own(m)  # Python's again
    own(m)  # (already Python's: nothing happens)
    assert owned(m)

    scene = ow.Scene()
    k = ow.Node(3)
    scene.add(k)  # disown(node): the scene owns it
    assert not owned(k) and not owned(scene.at(0)) and owned(scene)
    with pytest.raises(ValueError, match="not owned by Python"):
        disown(k)

    r = ow.make_resource(5)
    assert owned(r)
    with pytest.raises(ValueError, match="std::shared_ptr"):
        disown(r)

    class Mine(ow.Node):
        pass

    mine = Mine(4)
    assert owned(mine)
    with pytest.raises(ValueError, match=r"Python subclass of (ownership\.)?Node"):
        disown(mine)
    with pytest.raises(TypeError, match=r"swiggen.owned\(\) argument must be an object of a "
                                        r"wrapped C\+\+ class, not int"):
        owned(3)
    with pytest.raises(TypeError, match="never initialised"):
        own(ow.Node.__new__(ow.Node))

    cover = case_module("buffers").Album().cover()  # a `const Image&`: a read-only view
    with pytest.raises(ValueError, match="read-only view"):
        own(cover)
    assert not owned(cover)


@pytest.mark.cpython_only
def test_what_swiggens_api_hands_over_is_deleted_once(ow, live) -> None:  # type: ignore[no-untyped-def]
    m = ow.Node(2)
    disown(m)
    ow.node_free(m)  # C++ deletes it
    assert live() == 0
    del m  # not deleted again
    assert live() == 0
    k = ow.Node(3)
    disown(k)
    own(k)
    assert live() == 1
    del k  # Python's again: deleted when dropped, once
    assert live() == 0
