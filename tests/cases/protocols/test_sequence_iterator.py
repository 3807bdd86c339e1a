"""`for x in obj` over a class with operator[] and size(): swiggen's own sequence iterator
(protocol_slots.swg, issue 39) reads what obj[i] reads, ends when the container shrinks, keeps
the container alive, and leaves a Python subclass to Python's iterator."""

from __future__ import annotations

import gc
import importlib
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile

HEADER = """\
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace seqit {

/// Numbers by value.
class Nums {
public:
    explicit Nums(int n) { for (int i = 0; i < n; ++i) v_.push_back(i * 10); }
    int operator[](std::size_t i) const { return v_[i]; }
    std::size_t size() const { return v_.size(); }
    void pop() { if (!v_.empty()) v_.pop_back(); }
    void clear() { v_.clear(); }

private:
    std::vector<int> v_;
};

/// Strings by value.
class Words {
public:
    explicit Words(int n) { for (int i = 0; i < n; ++i) v_.push_back("w" + std::to_string(i)); }
    std::string operator[](std::size_t i) const { return v_[i]; }
    std::size_t size() const { return v_.size(); }
    void pop() { if (!v_.empty()) v_.pop_back(); }

private:
    std::vector<std::string> v_;
};

/// Elements of class type: obj[i] is a view that keeps the shelf alive.
struct Item {
    int v = 0;
};
class Shelf {
public:
    explicit Shelf(int n) : items_(static_cast<std::size_t>(n)) {
        for (int i = 0; i < n; ++i) items_[static_cast<std::size_t>(i)].v = i + 1;
    }
    Item& operator[](std::size_t i) { return items_[i]; }
    const Item& operator[](std::size_t i) const { return items_[i]; }
    std::size_t size() const { return items_.size(); }
    void pop() { if (!items_.empty()) items_.pop_back(); }

private:
    std::vector<Item> items_;
};

}  // namespace seqit
"""


@pytest.fixture(scope="module")
def si(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from conftest import sanitizer_build_env, swiggen

    root = tmp_path_factory.mktemp("seqiter")
    (root / "seqiter.h").write_text(HEADER)
    out = root / "out"
    proc = swiggen("build", "seqiter.h", "-m", "seqiter", "-o", str(out), "--build-dir",
                   str(root / "build"), "-O1", cwd=root, env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("seqiter")
    finally:
        sys.path.remove(str(out))


def test_iteration_equals_indexing(si) -> None:  # type: ignore[no-untyped-def]
    n, w, s = si.Nums(5), si.Words(3), si.Shelf(4)
    assert list(n) == [n[i] for i in range(len(n))] == [0, 10, 20, 30, 40]
    assert list(w) == [w[i] for i in range(len(w))] == ["w0", "w1", "w2"]
    assert [x.v for x in s] == [s[i].v for i in range(len(s))] == [1, 2, 3, 4]
    assert list(si.Nums(0)) == []
    assert sum(si.Nums(4)) == 60


def test_iterators_of_several_classes_interleaved(si) -> None:  # type: ignore[no-untyped-def]
    """Each class's iterator type reads its own class's elements (one type per class)."""
    n, w, s, m = si.Nums(4), si.Words(4), si.Shelf(4), si.Nums(3)
    got = [(a, b, c.v, d) for a, b, c, d in zip(n, w, s, m)]
    assert got == [(0, "w0", 1, 0), (10, "w1", 2, 10), (20, "w2", 3, 20)]


@pytest.mark.cpython_only
def test_an_object_whose_class_changes_mid_loop(si) -> None:  # type: ignore[no-untyped-def]
    """A Words given the Nums class in the loop is still a C++ Words: its iterator goes on
    reading Words elements (the object's SWIG type says so), and Nums's own slots refuse it."""
    w = si.Words(3)
    it = iter(w)
    assert next(it) == "w0"
    try:
        w.__class__ = si.Nums
    except TypeError:
        pytest.skip("this Python refuses the __class__ assignment")
    try:
        assert next(it) == "w1"
        with pytest.raises(TypeError):
            w[0]  # noqa: B018
    finally:
        w.__class__ = si.Words
    assert next(it) == "w2" and list(w) == ["w0", "w1", "w2"]


@pytest.mark.cpython_only  # (PyPy keeps its own sequence iterator)
def test_iterator_is_its_own_object(si) -> None:  # type: ignore[no-untyped-def]
    n = si.Nums(2)
    it = iter(n)
    assert it is not n
    assert iter(it) is it
    assert type(it).__name__ == "sequence_iterator"  # swiggen's, not Python's `iterator`
    assert (next(it), next(it)) == (0, 10)
    for _ in range(2):  # exhausted stays exhausted
        with pytest.raises(StopIteration):
            next(it)
    with pytest.raises(TypeError):
        type(it)()
    a, b = iter(n), iter(n)  # independent positions
    assert (next(a), next(a), next(b)) == (0, 10, 0)


def test_shrinking_in_the_loop_ends_it(si) -> None:  # type: ignore[no-untyped-def]
    n = si.Nums(6)
    seen = []
    for x in n:
        seen.append(x)
        n.pop()
    assert seen == [0, 10, 20] and len(n) == 3
    w = si.Words(4)
    assert [(x, w.pop())[0] for x in w] == ["w0", "w1"]
    s = si.Shelf(4)
    got = []
    for item in s:
        got.append(item.v)  # read before the element is removed
        s.pop()
    assert got == [1, 2]
    n = si.Nums(3)
    it = iter(n)
    assert next(it) == 0
    n.clear()
    with pytest.raises(StopIteration):
        next(it)
    n2 = si.Nums(2)
    it2 = iter(n2)
    assert list(it2) == [0, 10]


def test_iterator_keeps_the_container_alive(si) -> None:  # type: ignore[no-untyped-def]
    n = si.Nums(4)
    it = iter(n)
    del n
    gc.collect()
    assert list(it) == [0, 10, 20, 30]
    s = si.Shelf(3)
    it = iter(s)
    del s
    gc.collect()
    items = list(it)
    del it
    gc.collect()
    assert [x.v for x in items] == [1, 2, 3]  # the views keep the shelf alive
    items[1].v = 20
    assert items[1].v == 20


def test_python_subclass_iterates_with_its_getitem(si) -> None:  # type: ignore[no-untyped-def]
    class Sub(si.Nums):
        pass

    class Plus(si.Nums):
        def __getitem__(self, i: int) -> int:
            return int(super().__getitem__(i)) + 1

    assert list(Sub(3)) == [0, 10, 20]
    assert list(Plus(3)) == [1, 11, 21]  # its own __getitem__, as Python's iterator calls it
    p = Plus(4)
    got = []
    for x in p:
        got.append(x)
        p.pop()
    assert got == [1, 11]


def test_iterator_in_a_reference_cycle_is_collected(si) -> None:  # type: ignore[no-untyped-def]
    import weakref

    class Holder:
        pass

    h = Holder()
    h.it = iter(si.Nums(3))  # type: ignore[attr-defined]
    h.self = h  # type: ignore[attr-defined]
    ref = weakref.ref(h)
    del h
    gc.collect()
    assert ref() is None


@pytest.mark.cpython_only  # (PyPy keeps its own sequence iterator)
def test_bad_self_is_a_type_error(si) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError):
        si.Nums.__iter__(si.Words(1))
