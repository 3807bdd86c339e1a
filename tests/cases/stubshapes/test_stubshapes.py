"""Declarations whose stub mypy rejected (#38): the module behaves as C++ says, and its stub
says so in terms mypy accepts (test_stubtest.py runs stubtest, which type-checks the stub, on
this case).

- a library class named like a typing name (`Sequence`, a nested `Iterator`): the stub imports
  that typing name under an alias;
- an enum with no members: an empty IntEnum, which mypy is told not to flag;
- an in-place operator taking more than its binary one: `+=` of an int works, `+` of one
  does not, and the stub marks `__iadd__` for mypy;
- an enum and a function of one name, one enum name in two namespaces: the module's name is
  the (last) enum, declared once in the stub;
- a derived class hiding its base's methods with other parameters: the stub marks them
  `# type: ignore[override]`; an overload of a derived class after its base's, returning the
  same: left out of the stub (mypy would read it as never matched).
"""

from __future__ import annotations

import ast
import enum
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def ss(case_module) -> ModuleType:  # type: ignore[no-untyped-def]
    return case_module("stubshapes")


@pytest.fixture(scope="module")
def stub(ss: ModuleType) -> str:
    return (Path(str(ss.__file__)).parent / "stubshapes.pyi").read_text()


def lines_of(stub: str, name: str) -> list[str]:
    return [line.strip() for line in stub.splitlines() if f" {name}(" in line]


def test_typing_names_the_library_declares_are_aliased(ss: ModuleType, stub: str) -> None:
    assert ss.total([1, 2, 3]) == 6
    assert ss.Sequence().length == 0
    assert list(ss.Digits(3)) == [0, 10, 20]
    assert isinstance(ss.Digits(1).begin(), ss.Digits.Iterator)
    with pytest.raises(TypeError, match="total"):
        ss.total("abc")
    assert "from collections.abc import Iterator as _Iterator, Mapping, Sequence as _Sequence" \
        in stub
    assert "def total(values: _Sequence[int]) -> int:" in stub
    assert "def __iter__(self) -> _Iterator[Any]: ..." in stub
    assert "class Sequence(metaclass=_SwigPyObjectType):" in stub


def test_an_enum_without_members(ss: ModuleType, stub: str) -> None:
    assert issubclass(ss.Empty, enum.IntEnum) and len(ss.Empty) == 0
    assert "class Empty(IntEnum):  # type: ignore[misc]" in stub


def test_an_in_place_operator_taking_more_than_its_binary_one(ss: ModuleType,
                                                              stub: str) -> None:
    c = ss.Counter()
    c += 5
    c += c
    assert c.value == 10
    assert (c + c).value == 20
    with pytest.raises(TypeError):
        c + 5
    with pytest.raises(TypeError):
        c += "x"
    iadd = [i for i, line in enumerate(stub.splitlines()) if "def __iadd__" in line]
    assert stub.splitlines()[iadd[0] - 1].strip() == "@overload  # type: ignore[misc]"
    assert len(lines_of(stub, "__add__")) == 1 and "ignore" not in lines_of(stub, "__add__")[0]


def test_an_enum_and_a_function_of_one_name(ss: ModuleType, stub: str) -> None:
    assert issubclass(ss.status_code, enum.IntEnum)
    assert ss.status_ok is ss.status_code.status_ok
    assert "def status_code(" not in stub
    assert stub.count("class status_code(") == 1


def test_one_enum_name_in_two_namespaces(ss: ModuleType, stub: str) -> None:
    assert [m.name for m in ss.Query] == ["SecondContains", "SecondIntersects", "SecondNearest"]
    assert ss.second_query() is ss.Query.SecondNearest
    assert ss.first_query() == 1 and ss.first_query().name == "FirstIntersects"
    assert stub.count("class Query(") == 1
    assert "SecondNearest = ..." in stub and "FirstIntersects: Query" in stub


def test_methods_hiding_their_bases(ss: ModuleType, stub: str) -> None:
    shape, moving = ss.Shape(1.0), ss.Moving(2.0, 3.0)
    assert shape.low(5) == 4.0
    assert moving.low(5, 2.0) == 9.0
    with pytest.raises(TypeError, match="low"):
        moving.low(5)
    assert moving.within(ss.Moving(1.0, 4.0)) and not shape.within(ss.Shape(0.5))
    assert shape.distance(ss.Shape(3.0)) == 2.0
    assert shape.distance(moving) == 1000 + moving.low(0, 0.0) - 1.0  # the Moving overload
    assert "def low(self, index: int, t: float) -> float: ...  # type: ignore[override]" in stub
    assert "def low(self, index: int) -> float: ...\n" in stub
    assert "def within(self, other: Moving) -> bool: ...  # type: ignore[override]" in stub
    # the Moving overload returns what the Shape one does: left out of the stub (after it,
    # mypy reads it as never matched; before it, an override's order would differ from its base's)
    assert lines_of(stub, "distance") == ["def distance(self, other: Shape) -> float:"]


def test_the_stub_is_python_mypy_reads(stub: str) -> None:
    ast.parse(stub)
