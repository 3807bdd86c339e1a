"""Enums become enum.IntEnum classes (tests/cases/enums)."""

from __future__ import annotations

import enum

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def en(case_module):  # type: ignore[no-untyped-def]
    return case_module("enums")


def test_scoped_enum_is_an_intenum(en) -> None:
    assert issubclass(en.Color, enum.IntEnum)
    assert [(m.name, m.value) for m in en.Color] == [("Red", 1), ("Green", 2), ("Blue", 4)]
    assert en.Color.__doc__ == "Primary colours."


def test_no_loose_constants_for_scoped_enums(en) -> None:
    assert not hasattr(en, "Color_Red")
    assert not hasattr(en, "Red")


def test_results_are_members_not_ints(en) -> None:
    assert en.next(en.Color.Red) is en.Color.Green
    assert en.mix(en.Color.Red, en.Color.Blue) == 5  # no member: a plain int
    assert type(en.mix(en.Color.Red, en.Color.Blue)) is int
    assert en.invalid_color() == 99


def test_parameters_accept_members_and_ints(en) -> None:
    assert en.as_int(en.Color.Blue) == 4
    assert en.as_int(2) == 2
    with pytest.raises(TypeError):
        en.as_int("Blue")


def test_unscoped_enum_members_also_at_module_level(en) -> None:
    assert en.MODE_SAFE is en.Mode.MODE_SAFE
    assert en.toggle(en.Mode.MODE_FAST) is en.Mode.MODE_SAFE


def test_renamed_enum_with_underlying_type(en) -> None:
    assert en.Day.Tue == 2
    assert en.tomorrow(en.Day.Tue) is en.Day.Wed
    assert not hasattr(en, "Weekday")


def test_nested_enum_and_enum_fields(en) -> None:
    lamp = en.Lamp()
    assert lamp.level is en.Lamp.Level.Off
    lamp.brighten()
    assert lamp.level is en.Lamp.Level.Dim
    assert en.Lamp.max_level() is en.Lamp.Level.Full
    lamp.color = en.Color.Blue
    assert lamp.color is en.Color.Blue
    assert en.Lamp.Level.__doc__ == "How bright the lamp shines."


def test_nested_unscoped_enum_members_on_the_class(en) -> None:
    assert en.Lamp.Tone.Warm == 0
    assert en.Lamp.Warm is en.Lamp.Tone.Warm  # as Lamp::Warm in C++
    assert en.Lamp().tone is en.Lamp.Cold


def test_struct_holding_an_enum(en) -> None:
    # struct NodeKind { enum value { Null, Scalar, Map }; }: NodeKind::Map in C++
    assert en.NodeKind.Map is en.NodeKind.value.Map
    assert [m.name for m in en.NodeKind.value] == ["Null", "Scalar", "Map"]
    assert en.kind_after(en.NodeKind.Scalar) is en.NodeKind.Map
    assert en.kind_after(en.NodeKind.value.Map) is en.NodeKind.Null
    assert en.kind_after(1) is en.NodeKind.Map  # plain ints still accepted


def test_keyword_named_members_get_a_trailing_underscore(en) -> None:
    assert [m.name for m in en.Answer] == ["None_", "True_", "Maybe"]
    assert en.None_ is en.Answer.None_  # unscoped: at module level too
    assert en.answer_after(en.Answer.None_) is en.Answer.True_
    assert [m.name for m in en.Step] == ["pass_", "yield_"]


def test_overloads_on_an_enum_and_an_int(en) -> None:  # type: ignore[no-untyped-def]
    assert en.kind_of(en.Color.Green) == "Color"  # as C++ would pick
    assert en.kind_of(2) == "int"  # an int is not an enum
