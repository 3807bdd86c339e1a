"""A method's self from a derived class (protocol_slots.swg, swiggen_self_ptr_cached, issue 39):
each wrapper remembers the last cast it made; alternating receivers of different classes, with
base classes at non-zero offsets, a Python subclass and a wrong type, still get the right object
or a TypeError."""

from __future__ import annotations

import importlib
import sys

import pytest

pytestmark = pytest.mark.compile

HEADER = """\
#pragma once

namespace selfcache {

struct First {
    virtual ~First() = default;
    int a = 1;
    int first() const { return a; }
};
struct Second {
    virtual ~Second() = default;
    int b = 2;
    int second() const { return b; }
    void set_second(int v) { b = v; }
};
struct Both : First, Second {
    int c = 3;
};
struct Leaf : Both {
    Leaf() { a = 10; b = 20; c = 30; }
};
struct Other {
    int second() const { return -1; }
};

}  // namespace selfcache
"""


@pytest.fixture(scope="module")
def sc(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from conftest import sanitizer_build_env, swiggen

    root = tmp_path_factory.mktemp("selfcache")
    (root / "selfcache.h").write_text(HEADER)
    out = root / "out"
    proc = swiggen("build", "selfcache.h", "-m", "selfcache", "-o", str(out), "--build-dir",
                   str(root / "build"), "-O1", cwd=root, env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stdout + proc.stderr
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("selfcache")
    finally:
        sys.path.remove(str(out))


def test_alternating_receivers_get_their_own_object(sc) -> None:  # type: ignore[no-untyped-def]
    class PyLeaf(sc.Leaf):
        pass

    second, both, leaf, pyleaf = sc.Second(), sc.Both(), sc.Leaf(), PyLeaf()
    both.set_second(5)
    pyleaf.set_second(7)
    for _ in range(3):  # each wrapper's remembered cast changes class on every call
        assert [o.second() for o in (second, both, leaf, pyleaf, leaf, both)] == \
            [2, 5, 20, 7, 20, 5]
        assert [sc.Second.second(o) for o in (leaf, second, pyleaf, both)] == [20, 2, 7, 5]
        assert [o.first() for o in (leaf, both, pyleaf)] == [10, 1, 10]
    leaf.set_second(21)  # a write through the cast pointer reaches the Second part
    assert (leaf.second(), leaf.first(), leaf.c) == (21, 10, 30)


def test_wrong_self_is_a_type_error_after_a_cached_cast(sc) -> None:  # type: ignore[no-untyped-def]
    leaf = sc.Leaf()
    assert sc.Second.second(leaf) == 20
    with pytest.raises(TypeError):
        sc.Second.second(sc.Other())
    with pytest.raises(TypeError):
        sc.Second.second(sc.First())
    assert sc.Second.second(leaf) == 20


def test_cast_of_a_freed_subclass_type_is_not_reused(sc) -> None:  # type: ignore[no-untyped-def]
    import gc

    for i in range(20):  # Python subclass types made and freed: never remembered
        cls = type(f"Tmp{i}", (sc.Leaf if i % 2 else sc.Both,), {})
        o = cls()
        o.set_second(i)
        assert o.second() == i
        del o, cls
        gc.collect()
        assert sc.Leaf().second() == 20
