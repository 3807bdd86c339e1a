"""Smart pointers to values and containers of containers (tests/cases/nested_values): each is a
Python value both ways, never an opaque object that leaks, never a SWIG syntax error.

Reduced from toml++ (`std::shared_ptr<const std::string>` regions, `parse_key_buffer`'s
`std::vector<std::pair<size_t, size_t>>`): `%shared_ptr(std::string)` broke every std::string
field of the module, `%shared_ptr(int)` did not parse, and a vector of pairs was an opaque
pointer whose pickle crashed the interpreter."""

from __future__ import annotations

import copy
import gc
import pickle

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def nv(case_module):  # type: ignore[no-untyped-def]
    return case_module("nested_values")


def test_shared_pointer_to_text_field_and_results(nv) -> None:
    r = nv.Region()
    assert r.path is None and r.line == 0
    r.path = "config.toml"
    assert r.path == "config.toml" and nv.path_of(r) == "config.toml"
    assert nv.path_length("abc") == 3
    r.path = None  # a field's setter empties it, as a pointer field is set to null
    assert nv.path_of(r) is None
    assert nv.Region(path="a.toml", line=3).path == "a.toml"


def test_empty_smart_pointer_is_refused_where_dereferenced(nv) -> None:
    with pytest.raises(TypeError, match="'p' must not be None"):
        nv.path_length(None)
    with pytest.raises(TypeError, match="'c' must not be None"):
        nv.read_counter(None)
    assert nv.length_or_zero() == 0 and nv.length_or_zero(None) == 0  # its default is nullptr
    assert nv.length_or_zero("abcd") == 4


def test_smart_pointers_to_numbers_and_containers(nv) -> None:
    assert nv.counter(3) == 3 and type(nv.counter(3)) is int
    assert nv.no_counter() is None
    assert nv.read_counter(41) == 41
    assert nv.exclaim("hi") == "hi!"
    assert nv.sevens(3) == [7, 7, 7]
    assert nv.total_of([1, 2, 3]) == 6
    assert nv.snapshot() == {"a": 1, "b": 2}


def test_wrong_values_are_type_errors(nv) -> None:
    with pytest.raises(TypeError, match="read_counter"):
        nv.read_counter("x")
    with pytest.raises(TypeError):
        nv.total_of(["a"])
    with pytest.raises(TypeError, match="tuple of 2"):
        nv.sum_pairs([(1, 2, 3)])
    with pytest.raises(TypeError):
        nv.grid_total([1, 2])


def test_a_wrong_item_value_names_the_function_and_argument(nv) -> None:
    assert nv.corner_sum([(1, 2, 3), [4, 5, 6]]) == 21
    with pytest.raises(ValueError, match=r"corner_sum\(\) argument 'corners' \(position 1\): "
                                         r"item 1: .*3"):
        nv.corner_sum([(1, 2, 3), (4, 5)])


def test_list_and_dict_fields_of_classes_in_an_inline_namespace(nv) -> None:
    m = nv.Marks()
    assert (m.starts, m.named, m.counts) == ([], {}, {})
    m.starts = [nv.Mark(line=3)]
    m.named = {"a": nv.Mark(line=4)}
    m.counts = {"x": 1}
    assert m.starts[0].line == 3 and m.named["a"].line == 4 and m.counts == {"x": 1}
    back = pickle.loads(pickle.dumps(m))
    assert back.starts[0].line == 3 and back.named["a"].line == 4 and back.counts == {"x": 1}


def test_containers_of_containers(nv) -> None:
    assert nv.squares(3) == [(0, 0), (1, 1), (2, 4)]
    assert nv.sum_pairs([(1, 2), (3, 4)]) == 10
    assert nv.grid(2, 3) == [[1, 1, 1], [1, 1, 1]]
    assert nv.grid_total([[1, 2], [3], []]) == 6
    assert nv.columns() == {"x": [1.0, 2.0], "y": []}
    assert nv.table() == {"a": (1, 2.5)}
    assert nv.maybe(3) == [None, 3]
    assert nv.sets(3) == [{1, 2}, {3}]
    assert nv.records() == [{"k": 1}, {}]


def test_struct_of_pairs_reads_writes_copies_and_pickles(nv) -> None:
    k = nv.KeyBuffer()
    assert (k.buffer, k.segments) == ("", [])
    k.buffer = "a.b"
    k.segments = [(0, 1), (2, 1)]
    assert k.segments == [(0, 1), (2, 1)] and k.buffer == "a.b"
    assert "segments=[(0, 1), (2, 1)]" in repr(k)
    c = copy.copy(k)
    del k
    gc.collect()
    assert c.segments == [(0, 1), (2, 1)]
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(c, protocol=protocol))
        assert (back.buffer, back.segments) == ("a.b", [(0, 1), (2, 1)])
    with pytest.raises(OverflowError):
        c.segments = [(-1, 0)]  # size_t items
    assert nv.KeyBuffer(buffer="x", segments=[(0, 1)]).segments == [(0, 1)]


def test_unique_pointer_member_reads_but_is_not_assigned(nv) -> None:
    o = nv.Owner()
    assert (o.owned, o.depth) == (5, 0)
    with pytest.raises(AttributeError):
        o.owned = 3  # C++ cannot copy-assign a std::unique_ptr
    with pytest.raises(TypeError):
        copy.copy(o)  # nor copy the struct: a clean error, not a crash
    assert nv.Owner(depth=2).depth == 2


def test_pickle_of_a_struct_with_a_smart_pointer_field(nv) -> None:
    r = nv.Region(path="p.toml", line=7)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(r, protocol=protocol))
        assert (back.path, back.line) == ("p.toml", 7)


def test_pickle_of_a_struct_with_a_const_member(nv) -> None:
    v = nv.Versioned()
    v.major = 4
    v.blocks = [[1], [2, 3]]
    back = pickle.loads(pickle.dumps(v))
    assert (back.major, back.blocks, back.format) == (4, [[1], [2, 3]], 3)
    assert copy.deepcopy(v).blocks == [[1], [2, 3]]


def test_stub_names_the_values(nv) -> None:
    from pathlib import Path
    stub = (Path(nv.__file__).parent / "nested_values.pyi").read_text()
    assert "def path_of(r: Region) -> str | None: ..." in stub
    assert "def read_counter(c: int) -> int: ..." in stub
    assert "def squares(n: int) -> list[tuple[int, int]]: ..." in stub
    assert "def grid_total(g: Sequence[Sequence[int]]) -> int: ..." in stub
    assert "segments: list[tuple[int, int]]" in stub


@pytest.mark.cpython_only
def test_round_trips_leave_nothing_behind(nv) -> None:
    import sys
    gc.collect()
    before = len(gc.get_objects())
    k = nv.KeyBuffer()
    for i in range(10_000):
        k.segments = [(i, 1)]
        assert nv.sum_pairs(nv.squares(2)) == 2
        assert nv.path_of(nv.Region(path="x")) == "x"
    del k
    gc.collect()
    assert len(gc.get_objects()) - before < 100
    assert sys.getrefcount(nv.KeyBuffer) < 100
