"""Write-through handles, operator templates and operator directives (tests/cases/handles)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def hd(case_module):  # type: ignore[no-untyped-def]
    return case_module("handles")


def test_subscript_templates_instantiated_from_the_config(hd) -> None:
    n = hd.Node()
    n["a"] = hd.Node(5)  # operator[]<std::string>, assigned through the returned handle
    assert n["a"].value() == 5 and n["a"].defined()
    assert not n["missing"].defined()  # created undefined, as the non-const C++ operator[]
    n[2] = hd.Node(7)  # operator[]<std::size_t>
    assert len(n) == 3 and n[2].value() == 7 and not n[0].defined()
    key = hd.Node(3)
    n[key] = hd.Node(9)  # the non-template operator[](const Node&)
    assert n["3"].value() == 9 and n[key].value() == 9
    with pytest.raises(TypeError):
        n[1.5]


def test_negative_indices_count_from_the_end(hd) -> None:
    n = hd.Node()
    for i in range(3):
        n.push_back(hd.Node(i * 10))
    assert n[-1].value() == 20 and n[-3].value() == 0
    n[-2] = hd.Node(11)
    assert n[1].value() == 11
    with pytest.raises(IndexError):
        n[-4]


def test_nested_assignment_through_handles(hd) -> None:
    n = hd.Node()
    n["outer"]["inner"] = hd.Node(4)
    assert n["outer"]["inner"].value() == 4
    alias = n["outer"]  # a handle: shares the node
    alias["inner"] = hd.Node(8)
    assert n["outer"]["inner"].value() == 8


def test_stream_operator_keeps_its_reference_result(hd) -> None:
    s = hd.Stream()
    r = s << hd.Node(5)  # Stream& operator<<(Stream&, const Node&): a non-const left operand
    assert isinstance(r, hd.Stream)
    r << hd.Node(1)  # the result refers to s itself, not to a copy
    assert s.str() == "5;1;"


def test_ignore_stops_an_operator_protocol(hd) -> None:
    with pytest.raises(TypeError):
        hd.Node(1) + 1  # "hd::Node::operator+" = "ignore"
    assert hd.Node(1) != hd.Node(1)  # "hd::operator==" = "ignore": identity comparison
    assert not hasattr(hd, "Sink")


def test_ranges_yield_wrapped_classes_and_pairs(hd) -> None:
    row = hd.Row()
    row.add(hd.Node(1))
    row.add(hd.Node(2))
    assert [n.value() for n in row] == [1, 2]
    table = hd.Table()
    shared = hd.Node(5)
    table.set("b", shared)
    table.set("a", hd.Node(4))
    pairs = list(table)
    assert [(k, v.value()) for k, v in pairs] == [("a", 4), ("b", 5)]
    pairs[1][1]["x"] = hd.Node(6)  # a copy of the handle: shares the node
    assert shared["x"].value() == 6


def test_const_subscript_as_a_named_method(hd) -> None:
    n = hd.Node()
    n["a"] = hd.Node(1)
    n[0] = hd.Node(2)
    assert n.lookup("a").value() == 1 and n.lookup(0).value() == 2
    assert not n.lookup("zz").valid()  # the const operator[]: nothing is created
    assert not n.lookup(hd.Node(5)).valid()
    assert n["zz"].valid()  # the non-const one creates an (undefined) child
