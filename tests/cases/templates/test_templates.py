"""Templates by directive, typedefs and aliases (tests/cases/templates)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def tp(case_module):  # type: ignore[no-untyped-def]
    return case_module("templates")


def test_class_template_instantiations(tp) -> None:
    b = tp.IntBox(4)
    assert b.get() == 4
    b.set(9)
    assert b.holds(9) and not b.holds(4)
    assert tp.IntBox().get() == 0
    t = tp.TextBox("hi")
    assert t.get() == "hi"
    with pytest.raises(TypeError):
        tp.IntBox("four")
    with pytest.raises(TypeError):
        t.set(5)


def test_typedef_names_an_instantiation(tp) -> None:
    b = tp.FloatBox(1.5)
    assert b.get() == 1.5
    made = tp.make_float_box(2.0)
    assert isinstance(made, tp.FloatBox) and made.get() == 2.0
    g = tp.SmallGrid()
    assert (g.cells(), tp.grid_cells(g), tp.DefaultGrid().cells()) == (3, 3, 2)
    g.fill = 0.5
    assert g.fill == 0.5
    assert not hasattr(tp, "NumberBox") and tp.IntBox(3).get() == 3
    with pytest.raises(TypeError):
        tp.grid_cells(tp.DefaultGrid())


def test_two_parameter_template(tp) -> None:
    p = tp.IntRealPair()
    p.key, p.value = 3, 2.5
    assert (p.key, p.value) == (3, 2.5)


def test_function_template_instantiations(tp) -> None:
    assert tp.twice_int(21) == 42
    assert tp.twice_str("ab") == "abab"
    with pytest.raises(TypeError):
        tp.twice_int("x")


def test_uninstantiated_template_is_not_wrapped(tp) -> None:
    assert not hasattr(tp, "Unused")
    assert not hasattr(tp, "Box")


def test_typedefs_and_aliases(tp) -> None:
    assert tp.mean([1.0, 2.0, 6.0]) == 3.0
    assert tp.mean([]) == 0.0
    with pytest.raises(TypeError):
        tp.mean(["a"])


def test_template_docstring(tp) -> None:
    # an instance's own: its constructors' signatures, as a class's, then the template's text
    assert tp.IntBox.__doc__.startswith("IntBox()\nIntBox(v: int)\n")
    assert tp.IntBox.__doc__.endswith("A box holding one value.")
    assert "swiggen" not in tp.IntBox.__doc__


def test_member_function_template_instantiations(tp) -> None:
    c = tp.Converter()
    assert c.as_int() == 2 and c.as_float() == 2.75
    # SWIG registers these (no arguments, kwargs) so that what is passed was ignored
    with pytest.raises(TypeError, match="takes no arguments"):
        c.as_int(1)
    with pytest.raises(TypeError, match="takes no keyword arguments"):
        c.as_float(bogus=1)


def test_config_instantiates_the_overloads_a_directive_fits(tp) -> None:
    c = tp.Converter()
    assert c.scaled_int() == 5  # scaled<int>(): the one-parameter template only
    assert c.scaled_by(3) == 8.25  # scaled<double, int>(const int&), named by its signature
    with pytest.raises(TypeError):
        c.scaled_by(1.5)
