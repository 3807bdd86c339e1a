"""Unusual but legal declarations work from Python or are left out (tests/cases/unusual).

The warnings the left-out ones give are checked in tests/diagnostics/unusual_declarations.
"""

from __future__ import annotations

import gc

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def u(case_module):  # type: ignore[no-untyped-def]
    return case_module("unusual")


def test_subscript_without_size_bounded_by_the_layout(u) -> None:
    r = u.Ring()
    assert (r[0], r[1], r[3]) == (1.0, 2.0, 4.0) and list(r) == [1.0, 2.0, 3.0, 4.0]
    with pytest.raises(IndexError):
        r[-1]  # no size() to count from the end
    with pytest.raises(IndexError):
        r[4]  # past the 4 doubles it is made of
    assert not hasattr(r, "__len__")


def test_explicit_conversions(u) -> None:
    c = u.Count()
    assert int(c) == 3 and isinstance(int(c), int)
    assert float(c) == 3.5
    assert bool(c) is True
    c.n = 0
    assert bool(c) is False
    assert str(u.Count()) == "count 3"
    w = u.Wide()
    assert int(w) == 18446744073709551615  # an unsigned conversion keeps its value
    assert float(w) == 2.5  # long double, through double


def test_conversion_without_protocol_is_left_out(u) -> None:
    assert not [n for n in dir(u.Wide) if "Other" in n]


def test_true_division(u) -> None:
    n = u.Num(v=6.0)
    assert (n / 2).v == 3.0 and n.v == 6.0
    m = n
    n /= 4
    assert n is m and m.v == 1.5
    with pytest.raises(TypeError):
        n // 2  # C++ has no floor division


def test_non_const_reference_results_are_values(u) -> None:
    s = u.Store()
    assert s.value() == 3 and isinstance(s.value(), int)
    assert s.name() == "s"
    assert s.items() == [1, 2]
    assert s.table() == {"a": 1}
    assert s.scale() == 0.5


def test_const_overload_is_the_one_python_reads(u) -> None:
    assert u.Store().tag() == 2


def test_bitfields_refuse_values_out_of_range(u) -> None:
    f = u.Flags()
    f.mode, f.delta, f.on = 7, -2, True
    assert (f.mode, f.delta, f.on) == (7, -2, True)
    f.delta = 1
    for name, value in (("mode", 8), ("mode", 200), ("delta", 2), ("delta", -3)):
        with pytest.raises(OverflowError, match="bit-field"):
            setattr(f, name, value)
    assert (f.mode, f.delta) == (7, 1)  # unchanged
    with pytest.raises(OverflowError):
        f.mode = -1  # the unsigned type's own check
    with pytest.raises(OverflowError, match="3-bit field 'mode'"):
        u.Flags(mode=9)
    assert u.Flags(mode=5, delta=-1).delta == -1


def test_plain_field_named_like_a_bitfield_keeps_its_range(u) -> None:
    p = u.Plain()
    p.mode = 4000000000
    assert p.mode == 4000000000
    assert u.Plain(mode=300).mode == 300


def test_unassignable_fields_are_read_only_or_left_out(u) -> None:
    s = u.Stats()
    s.misses = 3
    assert s.misses == 3
    assert not hasattr(u.Stats, "hits")
    h = u.Holder()
    h.x = 4
    assert h.x == 4 and h.p is None  # a std::unique_ptr<int> member reads as its value
    with pytest.raises(AttributeError):
        h.p = 3  # but C++ cannot copy-assign it
    assert h.nc.v == 5  # a view of the member
    with pytest.raises(AttributeError):
        h.nc = u.NoCopy()
    with pytest.raises(TypeError):
        u.Holder(nc=u.NoCopy())  # not a constructor argument


def test_struct_with_const_member_is_aggregate_initialised(u) -> None:
    r = u.Rec(1, 2.5)
    assert (r.id, r.value) == (1, 2.5)
    assert u.Rec(id=4, value=1.0).id == 4
    with pytest.raises(AttributeError):
        r.id = 2
    r.value = 3.0
    assert r.value == 3.0
    with pytest.raises(TypeError):
        u.Rec()  # every field is required
    assert repr(r) == "Rec(id=1, value=3.0)"


def test_struct_with_reference_member_has_no_constructor(u) -> None:
    with pytest.raises(TypeError):
        u.View()


def test_callables_convert_and_function_pointers_without_user_data_are_left_out(u) -> None:
    b = u.Button()
    b.id = 5
    assert b.id == 5 and b.on_click is None
    assert hasattr(u, "on_event") and hasattr(u, "make_counter")
    assert not hasattr(u, "set_handler")
    del b
    gc.collect()


def test_variadics_are_left_out(u) -> None:
    assert not hasattr(u, "format") and not hasattr(u, "vformat")
    assert u.pick(4) == 4  # the fixed overload stays
    with pytest.raises(TypeError):
        u.pick(4, 5)


def test_numpy_vector_of_bool(u) -> None:
    np = pytest.importorskip("numpy")
    m = u.mask(5)
    assert isinstance(m, np.ndarray) and m.dtype == np.bool_
    assert m.tolist() == [True, False, True, False, True]
    assert u.mask(0).tolist() == []


def test_inspect_notes_what_cannot_be_checked() -> None:
    from conftest import CASES, swiggen

    proc = swiggen("inspect", "unusual.h", cwd=CASES / "unusual")
    assert proc.returncode == 0, proc.stderr
    notes = proc.stdout.split("notes:\n", 1)[1].split("not wrapped:", 1)[0]
    assert "odd::Ring: obj[i] is bounds-checked against the 4 elements the class is made " \
        "of (no size())" in notes
    assert "odd::View: no constructor" in notes
    assert "odd::format (variadic function" in proc.stdout
