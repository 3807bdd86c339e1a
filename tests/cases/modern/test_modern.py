"""Legal C++14-20 that SWIG's own parser rejects works from Python (tests/cases/modern).

SWIG reads a copy of modern.h (generator/swiggen/parse/swigtext.py): deduced return types spelled out,
C++20 keywords and forms it cannot read rewritten or left out. Built with --std c++20 (STD).
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def m(case_module):  # type: ignore[no-untyped-def]
    return case_module("modern")


def test_deduced_return_types(m) -> None:
    t = m.Track.make()
    assert isinstance(t, m.Track)
    assert t.add(1.0, 2.0) == 1 and t.add(3.0, 4.0) == 2  # defined out of the class
    assert t.count() == 2
    assert [(p.x, p.y) for p in t.points()] == [(1.0, 2.0), (3.0, 4.0)]  # const auto&
    first = t.first()  # auto*
    assert (first.x, first.y) == (1.0, 2.0)
    assert t.last_x() == 3.0  # decltype(auto): double&
    assert t.label() == "track"  # -> decltype(auto)
    c = m.centre(m.Point(x=0.0, y=0.0), m.Point(x=2.0, y=4.0))
    assert (c.x, c.y) == (1.0, 2.0)


def test_deduced_types_reach_the_stub(m) -> None:
    from pathlib import Path
    stub = (Path(m.__file__).parent / "modern.pyi").read_text()
    for line in ("def count(self) -> int:", "def points(self) -> list[Point]:",
                 "def last_x(self) -> float:", "def label(self) -> str:"):
        assert line in stub


def test_cxx20_keywords(m) -> None:
    assert m.limit() == 1000  # consteval, digit separator
    assert m.big == 1_000_000
    assert m.counter == 3  # constinit
    m.counter = 4
    assert m.counter == 4
    assert m.Vec4().v == [1.0, 2.0, 3.0, 4.0]  # alignas


def test_explicit_bool_and_using_enum(m) -> None:
    length = m.Length(0.3048)  # explicit(true)
    assert length.in_() == pytest.approx(0.3048)  # default through `using enum`
    assert length.in_(m.Unit.Foot) == pytest.approx(1.0)


def test_bitfield_default_initialisers(m) -> None:
    f = m.Flags()
    assert (f.ready, f.level) == (1, 5)
    f.level = 7
    assert f.level == 7
    with pytest.raises(OverflowError):  # as for every bit-field (tests/torture)
        f.level = 8


def test_three_way_comparison_gives_every_comparison(m) -> None:
    def version(major: int, minor: int):  # type: ignore[no-untyped-def]
        v = m.Version()
        v.major, v.minor = major, minor
        return v

    a, b = version(1, 0), version(1, 2)
    assert (a < b, a <= b, a > b, a >= b) == (True, True, False, False)
    assert a == version(1, 0) and a != b  # the defaulted <=> declares ==
    assert [v.minor for v in sorted([b, a, version(0, 9)])] == [9, 0, 2]
    with pytest.raises(TypeError):
        a < 3  # noqa: B015


def test_user_defined_literal_is_left_out(m) -> None:
    assert not any("km" in name for name in dir(m))
