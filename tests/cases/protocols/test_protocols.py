"""C++ operators and containers behave like Python (tests/cases/protocols)."""

from __future__ import annotations

import copy

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def pr(case_module):  # type: ignore[no-untyped-def]
    return case_module("protocols")


def vec(pr, *values):  # type: ignore[no-untyped-def]
    v = pr.Vec()
    for x in values:
        v.add(x)
    return v


def test_len_getitem_setitem(pr) -> None:
    v = vec(pr, 1.0, 2.0, 3.0)
    assert len(v) == 3
    assert (v[0], v[2]) == (1.0, 3.0)
    v[1] = 20.0
    assert v[1] == 20.0
    assert list(v) == [1.0, 20.0, 3.0]  # iteration from len + []
    assert 20.0 in list(v)


def test_negative_indices_count_from_the_end(pr) -> None:
    v = vec(pr, 1.0, 2.0, 3.0)
    assert v[-1] == 3.0 and v[-3] == 1.0
    v[-1] = 9.0
    assert v[2] == 9.0


def test_out_of_range_is_index_error_not_ub(pr) -> None:
    v = vec(pr, 1.0)
    with pytest.raises(IndexError, match="index out of range"):
        v[1]
    assert list(v) == [1.0]  # the sequence protocol's iteration ends on that IndexError
    with pytest.raises(IndexError):
        v[-2]
    with pytest.raises(IndexError):
        v[5] = 1.0
    with pytest.raises(TypeError):
        v["a"]
    with pytest.raises(TypeError):
        v[0] = "x"


def test_truth_from_empty(pr) -> None:
    assert not pr.Vec()
    assert vec(pr, 0.0)


def test_const_only_subscript_rejects_assignment(pr) -> None:
    r = pr.Ro(3)
    assert [r[i] for i in range(len(r))] == [0, 10, 20]
    assert list(r) == [0, 10, 20]
    with pytest.raises(TypeError):
        r[0] = 5


def test_string_keyed_mapping(pr) -> None:
    reg = pr.Registry()
    reg["a"] = 1
    reg["b"] = 2
    assert reg["a"] == 1 and len(reg) == 2
    assert "a" in reg and "zz" not in reg
    with pytest.raises(KeyError):
        reg["missing"]
    assert len(reg) == 2  # the failed lookup did not insert


def test_arithmetic_member_free_and_reflected(pr) -> None:
    a, b = vec(pr, 1.0, 2.0), vec(pr, 10.0, 20.0)
    assert list(a + b) == [11.0, 22.0]
    assert list(b - a) == [9.0, 18.0]
    assert list(a * 3.0) == [3.0, 6.0]
    assert list(2.0 * a) == [2.0, 4.0]  # free operator*(double, const Vec&)
    assert list(-a) == [-1.0, -2.0]
    with pytest.raises(TypeError):
        a + 1.0
    with pytest.raises(TypeError):
        "x" * a


def test_inplace_modifies_the_object(pr) -> None:
    a = vec(pr, 1.0, 2.0)
    alias = a
    a += vec(pr, 1.0, 1.0)
    assert alias is a and list(a) == [2.0, 3.0]


def test_comparisons_and_hash(pr) -> None:
    a, b = vec(pr, 1.0), vec(pr, 2.0)
    assert a == vec(pr, 1.0) and a != b and not (a != vec(pr, 1.0))
    assert a < b and not (b < a)
    assert (a == "x") is False
    with pytest.raises(TypeError):
        hash(a)  # == without hash: unhashable, as in Python


def test_str_from_ostream(pr) -> None:
    assert str(vec(pr, 1.0, 2.5)) == "Vec(1, 2.5)"


def test_conversions_unary_call_and_bool(pr) -> None:
    m = pr.Meter(2.5)
    assert float(m) == 2.5
    assert bool(m) and not bool(pr.Meter(0.0))
    assert float(~m) == -2.5
    assert m(2.0) == 5.0
    assert m == pr.Meter(2.5) and m <= pr.Meter(3.0)


def test_truth_from_operator_not(pr) -> None:
    f = pr.Flag()
    assert not f
    f.on = True
    assert f


def test_copy_and_deepcopy(pr) -> None:
    a = vec(pr, 1.0, 2.0)
    b = copy.copy(a)
    c = copy.deepcopy(a)
    b[0] = 100.0
    assert list(a) == [1.0, 2.0] and list(c) == [1.0, 2.0] and b[0] == 100.0
    with pytest.raises(TypeError):
        copy.copy(pr.Unique())


def test_classes_report_their_module(pr) -> None:
    assert pr.Vec.__module__ == "protocols"


def test_struct_keyword_constructor_and_repr(pr) -> None:
    r = pr.Rec(id=3, name="x", tags=[1, 2])
    assert (r.id, r.score, r.name, r.tags) == (3, 0.5, "x", [1, 2])
    assert repr(r) == "Rec(id=3, score=0.5, name='x', tags=[1, 2])"
    assert repr(pr.Rec()) == "Rec(id=7, score=0.5, name='anon', tags=[])"  # C++ defaults
    assert pr.Rec(1, 2.0).score == 2.0
    with pytest.raises(TypeError):
        pr.Rec(idd=1)
    with pytest.raises(TypeError):
        pr.Rec(id="one")


def test_struct_pickle_round_trip(pr) -> None:
    import pickle

    r = pr.Rec(id=9, score=1.5, name="p", tags=[4])
    back = pickle.loads(pickle.dumps(r))
    assert type(back) is pr.Rec and repr(back) == repr(r)
    assert back is not r


def test_class_elements_are_views_that_keep_the_container_alive(pr) -> None:
    import gc

    shelf = pr.Shelf(2)
    item = shelf[1]
    item.v = 5
    assert shelf[1].v == 5 and shelf[-1].v == 5  # a view, not a copy
    del shelf
    gc.collect()
    assert item.v == 5  # the view keeps the shelf alive
    item.v = 6
    assert item.v == 6
    with pytest.raises(IndexError, match="index out of range"):
        pr.Shelf(1)[1]
    assert len(list(pr.Shelf(3))) == 3


def test_begin_end_iteration(pr) -> None:
    bag = pr.Bag()
    assert list(bag) == []
    bag.put("a")
    bag.put("é")
    assert list(bag) == ["a", "é"]
    assert [x.upper() for x in bag] == ["A", "É"]


def test_record_with_keyword_named_field(pr) -> None:
    import pickle

    s = pr.Span(from_=2, to=5)
    assert (s.from_, s.to) == (2, 5)
    assert repr(s) == "Span(from_=2, to=5)"
    back = pickle.loads(pickle.dumps(s))
    assert (back.from_, back.to) == (2, 5)
    s.from_ = 3
    assert s.from_ == 3


def test_protocol_slot_argument_errors(pr) -> None:
    v = pr.Vec(1.0, 2.0)
    with pytest.raises(TypeError) as e:
        v[0] = "x"
    assert str(e.value) == "Vec.__setitem__() argument 'value' (position 2) must be float, not str"
    r = pr.Registry()
    with pytest.raises(TypeError) as e:
        r[1]  # noqa: B018
    assert str(e.value) == "Registry.__getitem__() argument 'key' (position 1) must be str, not int"
    with pytest.raises(TypeError) as e:
        r["a"] = "x"
    assert str(e.value) == ("Registry.__setitem__() argument 'value' (position 2) must be int, "
                            "not str")
    with pytest.raises(TypeError) as e:
        1 in r  # noqa: B015
    assert str(e.value) == ("Registry.__contains__() argument 'key' (position 1) must be str, "
                            "not int")
    with pytest.raises(TypeError) as e:
        pr.Rec(bogus=1)
    assert str(e.value) == "Rec() got an unexpected keyword argument 'bogus'"
    with pytest.raises(TypeError) as e:
        v + 1  # noqa: B018  (NotImplemented both ways: Python's own message)
    # (PyPy names the class without its module)
    assert str(e.value) in ("unsupported operand type(s) for +: 'protocols.Vec' and 'int'",
                            "unsupported operand type(s) for +: 'Vec' and 'int'")
