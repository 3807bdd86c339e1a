"""std::vector of wrapped classes (tests/cases/class_vectors): lists of Python-owned copies."""

from __future__ import annotations

import gc

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def cv(case_module):  # type: ignore[no-untyped-def]
    return case_module("class_vectors")


def test_result_is_a_list_of_objects(cv) -> None:
    pts = cv.corners(2.0)
    assert type(pts) is list and len(pts) == 4
    assert all(isinstance(p, cv.Point) for p in pts)
    assert [(p.x, p.y) for p in pts] == [(0, 0), (2, 0), (2, 2), (0, 2)]
    assert [t.name() for t in cv.tags("a,b,c")] == ["a", "b", "c"]


def test_items_outlive_the_vector(cv) -> None:
    first = cv.corners(3.0)[1]  # the list and the C++ vector are gone
    gc.collect()
    assert (first.x, first.y) == (3.0, 0.0)


def test_arguments_take_any_sequence_of_objects(cv) -> None:
    assert cv.perimeter(cv.corners(1.0)) == 4.0
    assert cv.perimeter(tuple(cv.corners(2.0))) == 8.0
    assert cv.perimeter([]) == 0.0
    assert cv.joined([cv.Tag("x"), cv.Label("y")]) == "x+label:y"  # derived objects too


def test_bad_items_name_their_index(cv) -> None:
    with pytest.raises(TypeError) as e:
        cv.perimeter([cv.Point(), 3])
    assert str(e.value) == ("perimeter() argument 'points' (position 1): item 1: expected Point, "
                            "got int")
    with pytest.raises(TypeError, match=r"item 0: expected Point, got (class_vectors\.)?Tag"):
        cv.perimeter([cv.Tag("t")])
    with pytest.raises(TypeError) as e:
        cv.perimeter("ab")
    assert str(e.value) == ("perimeter() argument 'points' (position 1) must be Sequence[Point], "
                            "not str")


def test_const_reference_result_is_copied(cv) -> None:
    cv.store(cv.corners(5.0))
    got = cv.stored()
    got[0].x = 99.0  # a copy: the stored vector does not change
    assert cv.stored()[0].x == 0.0
    assert len(got) == 4


def test_overloads_dispatch_on_the_element_class(cv) -> None:
    assert cv.count([cv.Point()]) == 101
    assert cv.count([cv.Tag("a"), cv.Tag("b")]) == 202
    assert cv.count([cv.Label("a")]) == 201


def test_field_reads_and_assigns_whole_lists(cv) -> None:
    path = cv.Path()
    path.points = cv.corners(1.0)
    assert cv.length(path) == 4
    assert [p.y for p in path.points] == [0, 0, 1, 1]
    path.points[0].x = 7.0  # a copy
    assert path.points[0].x == 0.0
