"""std::string and std::vector <-> str and list (tests/cases/containers)."""

from __future__ import annotations

import array

import numpy as np
import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def bx(case_module):  # type: ignore[no-untyped-def]
    return case_module("containers")


def test_vectors_in_from_any_sequence(bx) -> None:
    assert bx.sum([1.0, 2.5]) == 3.5
    assert bx.sum((1, 2, 3)) == 6.0  # ints convert to double
    assert bx.sum(array.array("d", [0.5, 0.5])) == 1.0
    assert bx.sum(np.arange(4, dtype=np.float64)) == 6.0
    assert bx.sum([]) == 0.0


def test_vectors_take_numpy_arrays_of_any_fitting_dtype(bx) -> None:
    # numpy.int32/int64/float32 scalars are no int/float subclasses: taken by __index__/__float__
    assert bx.twice(np.arange(3)) == [0, 2, 4]
    assert bx.twice(np.arange(3, dtype=np.int32)) == [0, 2, 4]
    assert bx.twice([np.uint8(7)]) == [14]
    assert bx.bytes_up(np.array([0, 254], dtype=np.int16)) == [1, 255]
    assert bx.sum(np.ones(3, np.float32)) == 3.0
    assert bx.sum(np.arange(3, dtype=np.int8)) == 3.0
    with pytest.raises(TypeError, match="item 0"):
        bx.twice(np.array([1.5]))  # a float, numpy's or Python's, is no int
    with pytest.raises(OverflowError, match="item 1"):
        bx.bytes_up(np.array([1, 256]))
    assert bx.count(np.ones(2, np.float32)) == 2  # overload dispatch sees numpy scalars too


def test_vectors_out_are_lists(bx) -> None:
    assert bx.range(4) == [0, 1, 2, 3]
    assert type(bx.range(2)) is list
    assert bx.empty_floats() == []
    assert bx.twice([2**40, -3]) == [2**41, -6]


def test_string_vectors(bx) -> None:
    assert bx.split("a,b,,c") == ["a", "b", "", "c"]
    assert bx.split("x;y", sep=";") == ["x", "y"]
    assert bx.join(["a", "b", "c"]) == "a-b-c"
    assert bx.join(["é", "ß"], sep="·") == "é·ß"


def test_bool_and_byte_vectors(bx) -> None:
    assert bx.flags([True, False]) == [False, True]
    assert bx.bytes_up([0, 254]) == [1, 255]


def test_bad_items_raise_naming_the_index(bx) -> None:
    with pytest.raises(TypeError, match="item 1"):
        bx.sum([1.0, "two"])
    with pytest.raises(OverflowError, match="item 1"):
        bx.bytes_up([1, 256])
    with pytest.raises(TypeError):
        bx.sum("123")  # a string is not a sequence of numbers here
    with pytest.raises(TypeError):
        bx.sum(5)


def test_overloads_on_vector_element_type(bx) -> None:
    assert bx.count([1.0, 2.0]) == 2
    assert bx.count(["a", "b"]) == 200
    with pytest.raises(TypeError):
        bx.count([object()])


def test_container_fields(bx) -> None:
    r = bx.Record()
    r.title = "run"
    r.scores = [3, 4]
    r.tags = ("a", "b")
    assert (r.title, r.scores, r.tags) == ("run", [3, 4], ["a", "b"])
    assert bx.total(r) == 7
    with pytest.raises(TypeError):
        r.scores = [1, "x"]
    assert r.scores == [3, 4]


def test_container_argument_errors_say_where(bx) -> None:
    with pytest.raises(TypeError) as e:
        bx.sum("x")
    assert str(e.value) == "sum() argument 'values' (position 1) must be Sequence[float], not str"
    with pytest.raises(TypeError) as e:
        bx.sum([1.0, "a"])
    assert str(e.value) == "sum() argument 'values' (position 1): item 1: expected float, got str"
