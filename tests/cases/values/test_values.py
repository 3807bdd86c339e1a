"""Classes whose assignment is not a copy are returned by copy construction (tests/cases/values)."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import swiggen

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def va(case_module):  # type: ignore[no-untyped-def]
    return case_module("values")


def test_result_is_a_copy_not_an_assignment(va) -> None:
    h = va.shared()  # a copy of the library's handle: shares its cell
    assert h.get() == 7 and h.same(va.shared())
    h.set(42)
    assert va.shared_value() == 42
    h.set(7)


def test_returning_a_handle_whose_assignment_throws(va) -> None:
    assert va.invalid().valid() is False  # `result = invalid()` would raise ValueError
    assert va.Handle.invalid().valid() is False


def test_by_value_parameter(va) -> None:
    assert va.value_of(va.Handle(5)) == 5
    assert va.value_of(va.invalid()) == -1


def test_default_argument_constructing_the_class(va) -> None:
    h = va.Handle(3)
    other = va.Handle(9)
    h.reset(other)
    assert h.same(other) and h.get() == 9
    h.reset()  # the default, `Handle()`: a fresh cell
    assert h.get() == 0 and not h.same(other)
    h.reset(other=other)  # SWIG dispatches reset() / reset(other): by keyword too
    assert h.same(other)
    with pytest.raises(TypeError, match=r"unexpected keyword argument 'o'"):
        h.reset(o=other)


def test_constructor_template_instantiated_by_directive(va) -> None:
    assert va.Handle("abcd").get() == 4  # Handle<std::string>(const std::string&): its size()
    assert va.Handle(7).get() == 7 and va.Handle().get() == 0


def test_inspect_says_which_classes_get_the_value_wrapper() -> None:
    proc = swiggen("inspect", "values.h", cwd=Path(__file__).parent)
    assert proc.returncode == 0, proc.stderr
    assert ("returned by copy construction: val::Handle (user-declared assignment: not a plain "
            "copy)") in proc.stdout
