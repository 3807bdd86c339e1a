"""Standard library types and aliases real headers use (issue #14): converted to Python values,
or left out with a located warning, never an opaque object (tests/cases/stdtypes)."""

from __future__ import annotations

import pytest

from conftest import CASES, swiggen

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def st(case_module):  # type: ignore[no-untyped-def]
    return case_module("stdtypes")


def test_aliases_from_an_unwrapped_header(st) -> None:
    assert st.add(2, 3) == 5 and type(st.add(2, 3)) is int  # typedef int int32
    with pytest.raises(OverflowError):
        st.add(2**40, 1)
    assert st.half(3) == 1.5 and type(st.half(3)) is float  # using Real = double
    assert st.doubled((1.0, 2.0)) == [2.0, 4.0]  # typedef std::vector<double> Samples
    assert st.count_of("abc") == {"abc": 3}  # lib::Counts, lib::Name


def test_alias_template_swig_cannot_reduce_is_a_str(st) -> None:
    assert st.shout("hi") == "hi!" and type(st.shout("é")) is str


def test_optional(st) -> None:
    assert st.maybe(True) == 3 and st.maybe(False) is None
    assert st.or_zero(None) == 0 and st.or_zero(5) == 5
    with pytest.raises(TypeError) as e:
        st.or_zero("x")
    assert str(e.value) == "or_zero() argument 'v' (position 1) must be int | None, not str"
    assert st.name_of(0) is None and st.name_of(2) == "xx"


def test_sets(st) -> None:
    assert st.uniq([3, 1, 3]) == {1, 3} and type(st.uniq([])) is set
    assert st.set_size({"a", "b"}) == 2 and st.set_size(["a", "a"]) == 1
    assert st.set_size(frozenset({"x"})) == 1
    with pytest.raises(TypeError):
        st.set_size("ab")  # a str is not a set of strings
    assert st.words() == {"a", "b"}


def test_pairs(st) -> None:
    assert st.entry() == (1, "one")
    assert st.first_of((4, 2.5)) == 4 and st.first_of([4, 1]) == 4
    with pytest.raises(TypeError):
        st.first_of((4, "x"))
    with pytest.raises(TypeError):
        st.first_of((1, 2, 3))


def test_string_views_rvalues_and_long_double(st) -> None:
    assert st.sv_len("abcd") == 4 and st.sv_len("é") == 2  # UTF-8 bytes
    assert st.greeting() == "hello"
    assert st.take("a") == "a."  # std::string&&
    assert st.total([1, 2, 3]) == 6  # std::vector<int>&&
    assert st.third(1.5) == 0.5 and type(st.third(1.5)) is float


def test_fields_of_standard_types(st) -> None:
    r = st.Record()
    assert (r.id, r.tags, r.span, r.weight) == (None, set(), (1, 2), 1.5)
    r.id, r.tags, r.span, r.weight = 4, {1, 2}, (3, 4), 2.5
    assert (r.id, r.tags, r.span, r.weight) == (4, {1, 2}, (3, 4), 2.5)
    r.id = None
    assert r.id is None
    assert r.label == "record"
    with pytest.raises(AttributeError):
        r.label = "new"  # a string_view would view a temporary: read-only
    assert repr(st.Record(id=3, tags=[1])) == \
        "Record(id=3, tags={1}, span=(1, 2), weight=1.5, label='record')"


def test_anonymous_enums_wider_than_int(st) -> None:
    assert st.kHuge == 2**64 - 1 and st.Record.kFar == -(2**40)


def test_unconverted_uses_are_left_out_with_warnings(st) -> None:
    assert st.find(3).v == 3
    assert not hasattr(st, "fill") and not hasattr(st, "holds")
    proc = swiggen("inspect", "stdtypes.h", cwd=CASES / "stdtypes")
    assert proc.returncode == 0, proc.stderr
    warnings = [line.split(": warning ")[0] + " " + line.split(": warning ")[1][:5]
                for line in proc.stderr.splitlines() if ": warning " in line]
    assert warnings == ["stdtypes.h:75 SG311", "stdtypes.h:76 SG311"], proc.stderr
