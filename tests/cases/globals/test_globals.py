"""Namespace-scope variables (tests/cases/globals): constants are module attributes; variables
are module attributes that read and assign the C++ variable itself."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def gv(case_module):  # type: ignore[no-untyped-def]
    return case_module("globals")


def test_constants(gv) -> None:
    assert (gv.ANSWER, gv.PI, gv.ENABLED, gv.BIG) == (42, 3.14159, True, 1 << 40)
    assert (gv.GREETING, gv.NAME, gv.LIMIT) == ("hello", "swiggen", 7)
    assert gv.NOT_FOUND == "not found"
    assert gv.DEFAULT_MODE == gv.Mode.Fast


def test_variables_are_live(gv) -> None:
    start = gv.counter
    gv.bump()
    assert gv.counter == start + 1  # C++ changed it: Python sees it
    gv.counter = 40
    assert gv.read_counter() == 40  # Python assigned it: C++ sees it
    gv.label = "changed"
    assert gv.read_label() == "changed" and gv.label == "changed"
    gv.ratio = 2
    assert gv.ratio == 2.0


def test_variables_are_module_attributes_not_cvar(gv) -> None:
    # the module reads and assigns through SWIG's variable-link object (PyPy: pypy.swg gives it
    # __setattr__), which is not itself a module attribute (docs/safety.md, 7)
    gv.counter = 41
    assert gv.read_counter() == 41 and gv.counter == 41
    assert not hasattr(gv, "cvar") and "cvar" not in dir(gv)
    assert "counter" in dir(gv) and "hit_count" in dir(gv)


def test_assignment_is_type_checked(gv) -> None:
    with pytest.raises(TypeError):
        gv.counter = "many"
    with pytest.raises(OverflowError):
        gv.counter = 2**40


def test_read_only_variables(gv) -> None:
    assert gv.current == "first"
    gv.advance_current()
    assert gv.current == "second"
    with pytest.raises(AttributeError):
        gv.current = "mine"  # const char*: the text belongs to C++
    before = gv.serial
    gv.bump()
    assert gv.serial == before + 1
    with pytest.raises(AttributeError):
        gv.serial = 1  # swiggen: readonly


def test_rename_and_ignore(gv) -> None:
    assert gv.hit_count == 3 and not hasattr(gv, "hits")
    assert not hasattr(gv, "internal_state")
    assert not hasattr(gv, "TABLE")
    assert not hasattr(gv, "per_unit")
    assert gv.ENABLED is True  # static, but const: the same value everywhere


def test_variable_docstring(gv) -> None:
    assert type(gv).counter.__doc__ == "How many times bump() ran."
