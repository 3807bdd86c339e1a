"""The torture module's standard library types (headers std_*.h, tuple_*.h, variant_*.h,
wide_strings.h): each converts to the Python value a user expects, both ways, or its
declaration is left out with SG311 (test_torture.py checks the warnings). Nothing comes back as
an opaque SWIG object."""

from __future__ import annotations

import datetime
import gc
import pathlib
from typing import Any

import numpy
import pytest

from test_torture import built, t  # noqa: F401  (the one torture module)

pytestmark = pytest.mark.compile


def test_wstring_and_wchar(t: Any) -> None:
    assert t.wide_echo("hé") == "hé!" and t.wide_make(2) == "éé"
    assert t.wide_len("abcd") == 4 and t.wide_next("a") == "b"
    label = t.WideLabel()
    assert label.text == "w"
    label.text = "ü"
    assert label.text == "ü"
    with pytest.raises(TypeError):
        t.wide_echo(3)


def test_tuple_results_and_parameters(t: Any) -> None:
    assert t.triple_tuple() == (1, 2.5, True)
    assert t.tuple_sum((1, 2, 3)) == 6 and t.tuple_sum([4, 5, 6]) == 15
    name, point, values = t.tuple_mixed()
    assert (name, point.x, point.y, values) == ("a", 1, 2, [3, 4])
    assert t.tuple_point_x((point, 1.0)) == 1
    assert t.tuple_rows() == [(1, "a"), (2, "b")]
    assert t.tuple_maybe(True) == (1, 2) and t.tuple_maybe(False) is None
    assert t.tuple_alias() == (7, 8, 9)
    holder = t.TupleHolder()
    assert holder.entry == (1, "x")
    holder.entry = (2, "y")
    assert holder.entry == (2, "y")


@pytest.mark.parametrize("bad, error", [((1, 2), TypeError), (("a", 2, 3), TypeError),
                                        ((1, 2, 2**40), OverflowError), ("abc", TypeError)])
def test_tuple_parameters_are_checked(t: Any, bad: Any, error: type) -> None:
    with pytest.raises(error):
        t.tuple_sum(bad)


def test_variants_take_the_alternative_cxx_would(t: Any) -> None:
    assert (t.variant_index(3), t.variant_index(2.5)) == (0, 1)
    assert [t.variant_which(v) for v in (True, 3, 2.5, "s")] == [0, 1, 2, 3]
    # an exact match wins over an earlier alternative the value converts to
    assert (t.variant_reversed(3), t.variant_reversed(2.5)) == (1, 0)
    assert t.variant_index(numpy.int64(4)) == 0
    assert [t.variant_make(i) for i in range(3)] == [None, 7, "seven"]
    with pytest.raises(TypeError):
        t.variant_index("x")


def test_std_array(t: Any) -> None:
    assert t.triple_of(2) == [2, 4, 6]
    assert t.arr_sum((1.5, 2)) == 3.5 and t.arr_sum(numpy.array([1.0, 2.0])) == 3.0
    assert t.arr_first(numpy.arange(4)) == 0 and t.arr_names() == ["a", "b"]
    for bad in ((1.0,), (1.0, 2.0, 3.0), numpy.zeros(3)):
        with pytest.raises(ValueError, match="expected a sequence of 2 items"):
            t.arr_sum(bad)
    rgb = t.Rgb()
    assert rgb.c == [1, 2, 3]
    rgb.c = (4, 5, 6)
    assert rgb.c == [4, 5, 6]
    with pytest.raises(ValueError):
        rgb.c = [1, 2]
    with pytest.raises(OverflowError):
        rgb.c = [1, 2, 256]
    assert rgb.c == [4, 5, 6]


def test_complex_sequences_durations_paths(t: Any) -> None:
    assert t.cmul(1 + 2j, 3) == 3 + 6j and t.cconj(1 - 1j) == 1 + 1j
    assert t.to_deque([1, 2, 3]) == [1, 2, 3] and t.halves((1.0, 3.0)) == [0.5, 1.5]
    assert t.twice_ms(0.25) == 0.5 and t.twice_ms(datetime.timedelta(seconds=1)) == 2.0
    assert t.as_seconds(1.5) == 1.5
    # an integer count from a float: inf, nan and a value past its range are refused (converting
    # them is undefined behaviour: spdlog's flush_every(-inf) became a positive interval)
    for bad in (float("inf"), -float("inf"), float("nan")):
        with pytest.raises(ValueError, match="finite"):
            t.twice_ms(bad)
    for far in (1e300, -1e300, 2.0**62):
        with pytest.raises(OverflowError, match="out of the range of the duration"):
            t.twice_ms(far)
    assert t.twice_ms(-1.5) == -3.0 and t.as_seconds(float("inf")) == float("inf")
    assert t.parent_of("/a/b") == "/a" and t.parent_of(pathlib.Path("/x/y")) == "/x"
    assert t.distinct({1, 2, 2}) == 2
    with pytest.raises(TypeError):
        t.cmul("a", 1)
    with pytest.raises(TypeError):
        t.parent_of(3)


def test_unusable_std_types_leave_only_their_declarations_out(t: Any) -> None:
    for name in ("has_any", "bit_count", "lock_it", "write_to", "any_pair", "tuple_out"):
        assert not hasattr(t, name), name
    assert t.fine_after(4) == 4
    holder = t.BitsHolder()
    assert holder.value == 3 and not hasattr(holder, "flags")


def test_converted_results_do_not_leak(t: Any) -> None:
    gc.collect()
    point = t.tuple_mixed()[1]
    before = len(gc.get_objects())
    for _ in range(200):
        t.tuple_mixed()
        t.tuple_point_x((point, 1.0))
    gc.collect()
    assert len(gc.get_objects()) - before < 50
