"""Declarations real headers hold (issue #14): each is wrapped and works, or is left out with a
located warning (tests/cases/declarations)."""

from __future__ import annotations

import builtins
import pickle

import pytest

from conftest import CASES, swiggen
from swiggen import owned

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def d(case_module):  # type: ignore[no-untyped-def]
    return case_module("declarations")


def test_anonymous_enums_are_constants(d) -> None:
    assert (d.kSmall, d.kLarge) == (1, 2)
    assert type(d.kSmall) is int
    assert d.Tree.kMaxDepth == 8


def test_wide_enums_keep_their_values(d) -> None:
    assert int(d.Big.Max) == 2**64 - 1 and int(d.Big.Mid) == 2**63
    assert d.echo_big(d.Big.Max) is d.Big.Max
    assert d.echo_big(2**64 - 1) is d.Big.Max  # a plain int converts, range-checked
    assert d.is_max(2**64 - 1) and not d.is_max(d.Big.Zero)
    with pytest.raises(OverflowError):
        d.echo_big(2**64)
    with pytest.raises(OverflowError):
        d.echo_big(-1)
    assert d.echo_wide(d.Wide.Low) is d.Wide.Low and int(d.Wide.Low) == -(2**40)


def test_nested_classes_are_reachable_and_usable(d) -> None:
    tree = d.Tree()
    tree.set_root(5)
    node = tree.root()
    assert type(node) is d.Tree.Node and node.value == 5
    assert not hasattr(d, "Tree_Node") and not hasattr(d, "Node")
    assert d.Tree.Node.__qualname__ == "Tree.Node" and repr(node).startswith("Node(")
    assert tree.value_of(d.Tree.Node(value=3)) == 3
    assert tree.kind_of(node) is d.Tree.Node.Kind.Leaf
    assert tree.tag().id == 7 and type(tree.tag()) is d.Tree.Node.Tag
    leaves = tree.leaves()
    assert [type(n) for n in leaves] == [d.Tree.Node, d.Tree.Node]
    with pytest.raises(TypeError):
        tree.value_of(d.Tree())
    assert tree.later_value(d.Tree.Later(n=4)) == 4  # defined out of the class


def test_nested_classes_and_enums_pickle(d) -> None:
    node = d.Tree.Node(value=4, kind=d.Tree.Node.Kind.Inner)
    back = pickle.loads(pickle.dumps(node))
    assert (back.value, back.kind) == (4, d.Tree.Node.Kind.Inner)


def test_anonymous_union_and_struct_members_are_fields(d) -> None:
    v = d.Variant()
    v.i = 5
    assert v.i == 5
    v.f = 1.5
    assert v.f == 1.5
    v.lo, v.hi = 2, 3
    assert (v.kind, v.lo, v.hi) == (0, 2, 3)
    assert repr(v) == "Variant(kind=0, lo=2, hi=3)"  # union members: only one holds a value
    assert d.Variant(kind=1, hi=9).hi == 9
    assert not hasattr(v, "named")  # of an unnamed type: left out with a warning


def test_class_template_without_its_nested_class(d) -> None:
    box = d.IntBox()
    assert box.value == 0
    assert not hasattr(box, "first") and not hasattr(d.IntBox, "Slot")


def test_derived_structs_construct_with_inherited_fields(d) -> None:
    assert repr(d.Derived()) == "Derived(a=1, d=4)"
    assert repr(d.Derived(a=2, d=5)) == "Derived(a=2, d=5)"
    m = d.MoreDerived(e=9)
    assert (m.a, m.d, m.e) == (1, 4, 9) and isinstance(m, d.Base)
    assert repr(pickle.loads(pickle.dumps(d.MoreDerived(a=3)))) == "MoreDerived(a=3, d=4, e=5)"
    h = d.Holder()  # no constructor of its own, a base with keyword construction
    assert (h.a, h.secret()) == (1, 3)


def test_field_named_like_swig_internals(d) -> None:
    # no wrapped object has SWIG's `thisown` (swig/swigattrs.py): the field keeps its C++ name
    w = d.Weird()
    assert w.thisown == 5 and not hasattr(w, "thisown_") and not hasattr(w, "this")
    w.thisown = 7
    assert repr(w) == "Weird(thisown=7, count=1)"
    assert d.Weird(thisown=9).thisown == 9
    assert owned(w)  # ownership is read through swiggen's API (docs/ownership.md)


def test_defaults_naming_their_namespace(d) -> None:
    assert d.scaled() == 14.0 and d.scaled(3.0) == 3.0
    assert d.flags() == 3 and d.flags(8) == 8
    assert d.Limits().limit() == 4
    assert d.rows() == 0 and d.rows(3) == 3  # a default holding `>>` is kept


def test_exceptions_named_like_builtins(d) -> None:
    assert d.RuntimeError is not builtins.RuntimeError
    with pytest.raises(d.LogicError) as logic:
        d.fail(0)
    assert isinstance(logic.value, d.RuntimeError)
    assert isinstance(logic.value, builtins.RuntimeError)
    with pytest.raises(d.RuntimeError) as runtime:
        d.fail(1)
    assert not isinstance(runtime.value, d.LogicError)
    with pytest.raises(d.Plain) as plain:  # declared after x.RuntimeError, based on the builtin
        d.fail(2)
    assert not isinstance(plain.value, d.RuntimeError)
    with pytest.raises(builtins.RuntimeError) as std:
        d.fail(3)
    assert type(std.value) is builtins.RuntimeError


def test_left_out_declarations_are_warned_and_reported() -> None:
    proc = swiggen("inspect", "declarations.h", "--report", cwd=CASES / "declarations")
    assert proc.returncode == 0, proc.stderr
    warnings = [line.split(": warning ")[0] + " " + line.split(": warning ")[1][:5]
                for line in proc.stderr.splitlines() if ": warning " in line]
    assert warnings == [
        "declarations.h:56 SG310",  # Box::Slot, nested in a class template
        "declarations.h:59 SG310",  # Box::first, which returns one
        "declarations.h:76 SG301",  # Variant::named, of an unnamed union type
        "declarations.h:102 SG302",  # scaled: no keyword arguments (2 * kDefault)
        "declarations.h:103 SG302",  # flags (kSmall | kLarge)
        "declarations.h:107 SG302",  # Limits::limit (kLimit + 1)
    ], proc.stderr
    report = proc.stdout.splitlines()
    assert report[1] == "declarations.h: 51 wrapped, 3 as exception, 3 skipped", proc.stdout
    assert "    declarations.h:56: nested struct decl::Box::Slot" in report
    assert "    declarations.h:59: method decl::Box::first" in report
    assert "    declarations.h:76: field decl::Variant::named" in report
