"""Directives from header comments and from a config file (tests/cases/annotations)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def an(case_module):  # type: ignore[no-untyped-def]
    return case_module("annotations")


def test_rename_from_block_comment_above(an) -> None:
    assert an.square_area(3.0) == 9.0
    assert not hasattr(an, "area")
    assert an.square_area.__doc__.startswith("Compute the area of a square.")
    assert "swiggen" not in an.square_area.__doc__


def test_rename_from_plain_comment_above(an) -> None:
    assert an.perimeter_of_square(2.0) == 8.0
    assert not hasattr(an, "perimeter")


def test_ignore(an) -> None:
    assert not hasattr(an, "debug_dump")
    assert not hasattr(an, "Internal")


def test_ignore_one_overload(an) -> None:
    assert an.convert_int(2) == 20  # renamed by a config key naming that overload
    assert not hasattr(an, "convert")  # the other overload is ignored
    with pytest.raises(TypeError):
        an.convert_int("abc")


@pytest.mark.cpython_only
def test_class_member_directives(an) -> None:
    g = an.Gadget()
    assert not hasattr(an, "Widget")
    assert g.extent == 1
    assert g.grow(2) == 3 and g.extent == 3
    g.clear()
    assert g.extent == 0
    assert not hasattr(g, "secret") and not hasattr(g, "size") and not hasattr(g, "reset")
    assert an.Gadget.__doc__ == "Qt-style doc comment."
    assert an.Gadget.grow.__doc__.startswith("Grow by `by`; returns the new size.")


def test_config_file_directives(an) -> None:
    assert an.from_config(1.0) == 2.0
    assert not hasattr(an, "config_target") and not hasattr(an, "config_ignored")
    s = an.Settings()
    assert s.value == 5 and not hasattr(s, "hidden")
    assert not hasattr(an.Gadget, "legacy")
