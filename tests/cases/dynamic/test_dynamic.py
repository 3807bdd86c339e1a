"""Implicit conversions, std::map <-> dict and switched iteration (tests/cases/dynamic)."""

from __future__ import annotations

import sys

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def dy(case_module):  # type: ignore[no-untyped-def]
    return case_module("dynamic")


def test_python_values_convert_through_the_constructors(dy) -> None:
    assert dy.describe(5) == "int 5"  # Value<long long>
    assert dy.describe(True) == "bool true"  # Value<bool>, before the integer overload
    assert dy.describe(2.5) == "float 2.5"
    assert dy.describe("hi") == 'text "hi"'
    assert dy.describe(None) == "null null"  # implicit(none): the default constructor


def test_lists_and_dicts_convert_recursively(dy) -> None:
    assert dy.describe([1, "a", [2.5, None]]) == 'list [1, "a", [2.5, null]]'
    assert dy.describe({"k": [1, {"x": True}]}) == "map {k: [1, {x: true}]}"
    assert dy.describe(()) == "list []"
    assert dy.first([[1], 2]) == "[1]"  # std::vector<Value> items convert too


def test_instances_pass_unconverted(dy) -> None:
    v = dy.Value(7)
    assert dy.describe(v) == "int 7"
    live = dy.Value.live()
    assert dy.describe(v) == "int 7"
    assert dy.Value.live() == live  # no temporary: the instance itself was passed
    # a list-valued Value is passed as itself, not converted as a sequence of its items
    nested = dy.Value([1, 2])
    assert dy.describe(nested) == "list [1, 2]"
    assert dy.first([nested]) == "[1, 2]"


def test_by_value_parameters_convert(dy) -> None:
    assert dy.echo(3).dump() == "3"
    assert dy.echo([True]).kind() == "list"
    assert isinstance(dy.echo(None), dy.Value)


def test_other_overloads_are_tried_first(dy) -> None:
    assert dy.pick("x") == "string x"
    assert dy.pick(4) == "value 4"
    assert dy.pick(["x"]) == 'value ["x"]'
    assert dy.pick(None) == "value null"  # None is never a std::string


def test_unconvertible_values_raise_type_error(dy) -> None:
    with pytest.raises(TypeError, match="Value"):
        dy.describe(object())
    with pytest.raises(TypeError, match="Value"):
        dy.describe([1, object()])
    with pytest.raises(TypeError):
        dy.describe({1: "int keys are not std::string"})
    with pytest.raises(TypeError):
        dy.Value(object())


def test_self_containing_list_raises_instead_of_crashing(dy) -> None:
    loop: list[object] = [1]
    loop.append(loop)
    with pytest.raises((RecursionError, TypeError)):
        dy.describe(loop)
    assert dy.describe([1]) == "list [1]"  # still working


@pytest.mark.cpython_only
def test_conversions_free_their_temporaries(dy) -> None:
    live = dy.Value.live()
    payload = {"a": [1, 2, {"b": None}], "c": "text"}
    before = sys.getrefcount(payload)
    for _ in range(200):
        dy.describe(payload)
        dy.pick(5)
        with pytest.raises(TypeError):
            dy.describe([object()])
    assert dy.Value.live() == live
    assert sys.getrefcount(payload) == before


def test_classes_without_implicit_take_only_instances(dy) -> None:
    p = dy.Plain()
    p.n = 4
    assert dy.plain_n(p) == 4
    with pytest.raises(TypeError):
        dy.plain_n(4)
    with pytest.raises((TypeError, ValueError)):
        dy.plain_n(None)


def test_iteration_yields_values_of_a_list_and_pairs_of_a_map(dy) -> None:
    items = list(dy.Value([1, "b"]))
    assert [type(i) for i in items] == [dy.Value, dy.Value]
    assert [i.dump() for i in items] == ["1", '"b"']
    pairs = list(dy.Value({"x": 1, "y": [2]}))
    assert [(k.dump(), v.dump()) for k, v in pairs] == [('"x"', "1"), ('"y"', "[2]")]
    assert list(dy.Value(5)) == []
    assert len(dy.Value({"x": 1})) == 1


def test_maps_convert_to_and_from_dicts(dy) -> None:
    assert dy.counts(["a", "b", "a"]) == {"a": 2, "b": 1}
    assert dy.total({"x": 2, "y": 5}) == 7
    assert dy.total({}) == 0
    assert dy.halves({1: 3.0, 2: 5}) == {1: 1.5, 2: 2.5}
    with pytest.raises(TypeError):
        dy.total({"x": "not an int"})
    with pytest.raises(TypeError):
        dy.total([("x", 1)])  # not a mapping
    out = dy.wrap_all({"a": 1, "b": [None]})
    assert sorted(out) == ["a", "b"] and out["b"].dump() == "[null]"
    assert isinstance(out["a"], dy.Value)


def test_const_reference_results_are_copies(dy) -> None:
    kept = dy.same(12345)  # the argument converted for the call is gone after it
    others = [dy.Value(i) for i in range(5)]
    assert kept.dump() == "12345" and [o.dump() for o in others] == ["0", "1", "2", "3", "4"]
    v = dy.Value("x")
    assert dy.same(v).dump() == '"x"'


def test_template_instances_return_containers(dy) -> None:
    items = dy.Value([1, "b"]).as_list()
    assert isinstance(items, list) and [i.dump() for i in items] == ["1", '"b"']
    entries = dy.Value({"k": 2.5}).as_dict()
    assert isinstance(entries, dict) and entries["k"].dump() == "2.5"


def test_deeply_nested_values_raise_instead_of_overflowing(dy) -> None:
    deep: list[object] = [1]
    for _ in range(500):
        deep = [deep]
    with pytest.raises(RecursionError):
        dy.describe(deep)


def test_throwing_copies_in_container_conversions_raise(dy) -> None:
    assert dy.fragile_sum({"a": dy.Fragile(1), "b": dy.Fragile(2)}) == 3
    with pytest.raises(RuntimeError, match="unlucky copy"):
        dy.fragile_sum({"a": dy.Fragile(13)})  # copied into the map
    with pytest.raises(RuntimeError, match="unlucky copy"):
        dy.fragile_count([dy.Fragile(1), dy.Fragile(13)])  # copied into the vector
    assert dy.fragile_map(2)["x"].n == 2
    with pytest.raises(RuntimeError, match="unlucky copy"):
        dy.fragile_map(13)  # copied out of the map
    assert dy.fragile_count([dy.Fragile(4)]) == 1  # still working
