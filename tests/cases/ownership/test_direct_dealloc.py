"""The direct tp_dealloc (generator/swiggen/swig/directdealloc.py): an owned object of a class
whose destructor wrapper only deletes is deleted by its tp_dealloc itself; everything the
closure through the destructor wrapper did still holds (deleted once, never a view's object,
subclasses, weak references, a pending exception, a destructor that throws, the class's
reference count), and classes of other destructor shapes keep the closure."""

from __future__ import annotations

import gc
import json
import sys
import weakref
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.compile



def _refs(obj: object) -> int:
    """The reference count of `obj`; 0 under PyPy, which counts none (no sys.getrefcount)."""
    return sys.getrefcount(obj) if hasattr(sys, "getrefcount") else 0


@pytest.fixture(scope="module")
def ow(case_module):  # type: ignore[no-untyped-def]
    return case_module("ownership")


@pytest.fixture(scope="module")
def lt(case_module):  # type: ignore[no-untyped-def]
    return case_module("lifetimes")


def _wrapper(module: Any) -> str:
    """The post-processed NAME_wrap.cxx the module was built from."""
    name = module.__name__.split(".")[-1]
    build = Path(module.__file__).resolve().parent.parent / "build"
    return (build / f"{name}_wrap.cxx").read_text(encoding="utf-8", errors="replace")


def test_plain_destructors_get_the_direct_dealloc_others_keep_the_closure(ow) -> None:
    text = _wrapper(ow)
    assert "SWIGINTERN void _wrap_delete_Node_swiggen_dealloc(PyObject *a) {" in text
    assert "_wrap_delete_Node_destructor_closure" not in text
    # a std::shared_ptr holder and a C handle's deleter are not a plain delete
    assert "SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_Resource)" in text
    assert "_wrap_delete_Handle_swiggen_dealloc" not in text


def _live(ow) -> int:  # type: ignore[no-untyped-def]
    for _ in range(3):  # (PyPy frees a chain of objects one collection at a time)
        gc.collect()
    return int(ow.live_nodes())


def test_owned_objects_are_deleted_once_and_the_class_reference_released(ow) -> None:
    def make() -> list[Any]:
        return [ow.Node(i) for i in range(50)] + [ow.make_node(i) for i in range(50)]

    del make()[:]  # (warm: what the first calls cache)
    base, destroyed, refs = _live(ow), ow.destroyed_nodes(), _refs(ow.Node)
    nodes = make()
    assert _live(ow) == base + 100
    del nodes
    assert _live(ow) == base and ow.destroyed_nodes() == destroyed + 100
    after = _refs(ow.Node)  # (outside the assert: pytest's rewrite holds its parts)
    assert after == refs


def test_views_and_disowned_objects_are_not_deleted(ow) -> None:
    scene = ow.Scene()
    node = ow.Node(7)
    scene.add(node)  # disown(node): the scene owns it now
    base = _live(ow)
    view = scene.at(0)
    assert view.value == 7
    del view, node
    assert _live(ow) == base and scene.at(0).value == 7
    del scene
    assert _live(ow) == base - 1


def test_subclass_instances_are_deleted_and_their_class_released(ow) -> None:
    class Sub(ow.Node):  # type: ignore[misc, name-defined]
        pass

    def make() -> list[Any]:
        return [Sub(i) for i in range(20)]

    del make()[:]
    base, refs = _live(ow), _refs(Sub)
    subs = make()
    assert _live(ow) == base + 20 and subs[3].value == 3
    del subs
    after = _refs(Sub)
    assert _live(ow) == base and after == refs


def test_weakly_referenced_objects_are_deleted_and_the_references_die(ow) -> None:
    base = _live(ow)
    called: list[object] = []
    n = ow.Node(1)
    ref = weakref.ref(n, called.append)
    del n
    gc.collect()
    assert ref() is None and called == [ref] and _live(ow) == base


def test_a_pending_exception_survives_the_dealloc(ow) -> None:
    base = _live(ow)
    with pytest.raises(TypeError):
        ow.weigh(ow.Node(1), "surplus")  # the temporary dies while the TypeError is set
    assert _live(ow) == base

    def raising() -> None:
        n = ow.Node(2)  # noqa: F841  (freed as the frame unwinds)
        raise KeyError("kept")

    with pytest.raises(KeyError, match="kept"):
        raising()
    assert _live(ow) == base


def test_a_throwing_destructor_is_reported_as_unraisable(lt, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert "_wrap_delete_Fragile_swiggen_dealloc(PyObject *a)" in _wrapper(lt)
    seen: list[Any] = []
    monkeypatch.setattr(sys, "unraisablehook", seen.append)
    f = lt.Fragile(True)
    del f
    gc.collect()
    assert len(seen) == 1
    assert isinstance(seen[0].exc_value, RuntimeError)
    assert "Fragile threw" in str(seen[0].exc_value)
    # (CPython names the object, PyPy puts the name in the message)
    assert "_wrap_delete_Fragile" in f"{seen[0].object} {seen[0].err_msg}"
    assert sys.exc_info() == (None, None, None)
    quiet = lt.Fragile(False)
    del quiet
    gc.collect()
    assert len(seen) == 1


def test_a_split_build_keeps_the_direct_dealloc(ow) -> None:
    """Under SWIGGEN_TEST_UNITS the wrapper is split (split.py): the direct tp_dealloc is a
    function of a wrapper's shape, placed like one, never a reason to refuse the split."""
    build = Path(ow.__file__).resolve().parent.parent / "build"
    split = json.loads((build / "split.json").read_text())
    assert "_swiggen_dealloc" not in str(split.get("refusal"))
