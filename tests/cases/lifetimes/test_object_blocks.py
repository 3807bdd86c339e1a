"""Reused object blocks (objects.swg, swiggen_object_new/swiggen_object_free; issue 39): the
Python object of a dropped wrapped object is kept for the next object of any exact class, so
every kind of object made and dropped passes through blocks other kinds left. Each test mixes
kinds that leave different state behind (an owner kept alive, a weak reference, Python
ownership or none, a GC-tracked view, a subclass) and checks each new object starts clean:
live C++ objects, owners' reference counts, weak references, GC tracking."""

from __future__ import annotations

import gc
import sys
import weakref

import pytest

pytestmark = [pytest.mark.compile, pytest.mark.cpython_only]

NODES, DOCS, DBS, INNERS, CURSORS = range(5)


@pytest.fixture(scope="module")
def lt(case_module):  # type: ignore[no-untyped-def]
    return case_module("lifetimes")


def settled(lt, which: int) -> int:  # type: ignore[no-untyped-def]
    gc.collect()
    return int(lt.live(which))


def blocks_kept_when_dropped(make, n: int = 16) -> int:  # type: ignore[no-untyped-def]
    """How many of n dropped objects' blocks stay allocated (kept for reuse)."""
    warm = [make() for _ in range(n)]
    del warm
    objs = [make() for _ in range(n)]
    before = sys.getallocatedblocks()
    del objs
    return n - (before - sys.getallocatedblocks() - 1)  # (1: the list itself)


@pytest.mark.parametrize("kind", ["constructed", "factory result", "field view", "borrowed"])
def test_dropped_objects_blocks_are_kept_for_the_next(lt, kind: str) -> None:
    """The mechanism the other tests exercise is in effect for every way an object is made."""
    db, outer, doc = lt.Db(), lt.Outer(), lt.Doc()
    make = {"constructed": lambda: lt.Node(1), "factory result": db.snapshot,
            "field view": lambda: outer.inner, "borrowed": doc.root}[kind]
    assert blocks_kept_when_dropped(make) >= 14
    del db, outer, doc


def test_subclass_objects_are_freed_not_kept(lt) -> None:
    class N(lt.Node):
        pass

    assert blocks_kept_when_dropped(lambda: N(1)) <= 2


def test_a_reused_block_starts_with_no_owner_no_weakref_untracked(lt) -> None:
    base_inners, base_nodes = settled(lt, INNERS), settled(lt, NODES)
    outer = lt.Outer()
    owner_refs = sys.getrefcount(outer)
    for _ in range(100):
        view = outer.inner  # keeps outer alive: a SWIG dict, tracked by the GC
        assert sys.getrefcount(outer) == owner_refs + 1 and gc.is_tracked(view)
        w = weakref.ref(view)
        del view  # its block goes to the list
        assert w() is None and sys.getrefcount(outer) == owner_refs
        node = lt.Node(5)  # a constructor takes that block
        assert not gc.is_tracked(node) and node.value == 5 and w() is None
        assert sys.getrefcount(outer) == owner_refs
        w2 = weakref.ref(node)
        del node  # Python owned it: the C++ Node is deleted once
        assert w2() is None and settled(lt, NODES) == base_nodes
        snap = lt.Db().snapshot()  # a factory result the caller owns, in the same block
        assert snap.value == 7 and not gc.is_tracked(snap) and w2() is None
        del snap
    assert settled(lt, NODES) == base_nodes and settled(lt, INNERS) == base_inners + 1
    del outer
    assert settled(lt, INNERS) == base_inners


def test_ownership_is_each_objects_own_across_reuse(lt) -> None:
    """A borrowed object (Doc's Leaf: only the Doc deletes it) and owned ones share blocks: a
    Leaf's block handed to an owned Node deletes the Node, and an owned block handed to a Leaf
    never deletes the Leaf."""
    base_nodes, base_docs = settled(lt, NODES), settled(lt, DOCS)
    doc = lt.Doc()
    for i in range(200):
        leaf = doc.root()
        assert leaf.value() == 42
        del leaf
        n = lt.Node(i)
        assert n.get() == i
        del n
    assert settled(lt, NODES) == base_nodes
    assert doc.root().value() == 42  # the Leaf was never deleted
    del doc
    assert settled(lt, DOCS) == base_docs


def test_keep_alive_arguments_are_released_with_their_holder(lt) -> None:
    base = settled(lt, NODES)
    n = lt.Node(3)
    refs = sys.getrefcount(n)
    for _ in range(100):
        w = lt.Watcher(n)  # keeps n alive
        assert sys.getrefcount(n) == refs + 1 and w.seen() == 3
        del w
        assert sys.getrefcount(n) == refs
        other = lt.Watcher(lt.Node(4))  # a block the first Watcher left, its own argument
        assert other.seen() == 4 and sys.getrefcount(n) == refs
        del other
    del n
    assert settled(lt, NODES) == base


def test_subclasses_and_exact_classes_interleaved(lt) -> None:
    class N(lt.Node):
        def __init__(self, v: int) -> None:
            super().__init__(v)
            self.tag = f"n{v}"

    base = settled(lt, NODES)
    kept = []
    for i in range(300):
        exact, sub = lt.Node(i), N(i)
        kept.append(sub if i % 3 else exact)
        del exact, sub
    for i, o in enumerate(kept):
        assert o.get() == i
        if i % 3:
            assert isinstance(o, N) and o.tag == f"n{i}"
        else:
            assert type(o) is lt.Node
    assert settled(lt, NODES) == base + 300
    del kept, o
    assert settled(lt, NODES) == base


def test_a_cycle_through_a_reused_view_is_collected(lt) -> None:
    class O(lt.Outer):
        pass

    base = settled(lt, INNERS)
    for _ in range(100):
        for _ in range(20):
            lt.Node(1)  # fill the list
        o = O()
        o.keep = o.inner  # the view comes from a kept block: o -> view -> (keep-alive) -> o
        del o
        assert settled(lt, INNERS) == base


def test_init_again_and_failed_constructors_through_kept_blocks(lt) -> None:
    """`obj.__init__` again releases the old C++ object through a temporary object (a kept
    block); a constructor refused after allocation frees its block: neither loses or doubles a
    C++ Node."""
    base = settled(lt, NODES)
    n = lt.Node(1)
    for i in range(100):
        n.__init__(i)
        with pytest.raises(TypeError):
            lt.Node("not an int")
    assert n.get() == 99 and settled(lt, NODES) == base + 1
    del n
    assert settled(lt, NODES) == base


def test_objects_made_while_another_is_freed(lt) -> None:
    """A weak reference's callback runs inside the dealloc, before the block is kept: the
    objects it makes take other blocks and keep their own values."""
    base = settled(lt, NODES)
    made = []
    for i in range(50):
        n = lt.Node(i)
        r = weakref.ref(n, lambda _, i=i: made.append(lt.Node(-i)))
        del n
        assert r() is None
    assert [m.get() for m in made] == [-i for i in range(50)]
    assert settled(lt, NODES) == base + 50
    del made
    assert settled(lt, NODES) == base
