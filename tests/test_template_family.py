"""A container family shaped like Qt's (tests/templates_family/family.h), built once with
--strict: classes deriving from instances of the header's own class templates keep their bases
(issue #36, 1), and instances have the protocols and struct behaviour of plain classes (2)."""

from __future__ import annotations

import copy
import importlib
import inspect
import pickle
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO, sanitizer_build_env, swiggen

pytestmark = pytest.mark.compile

FAMILY = REPO / "tests" / "templates_family"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[ModuleType, Path]:
    work = tmp_path_factory.mktemp("family")
    shutil.copy(FAMILY / "family.h", work)
    proc = swiggen("build", "family.h", "-m", "family", "-o", "out", "--strict", cwd=work,
                   env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert "warning" not in proc.stderr, proc.stderr[-4000:]
    sys.path.insert(0, str(work / "out"))
    try:
        return importlib.import_module("family"), work / "out"
    finally:
        sys.path.pop(0)


@pytest.fixture(scope="module")
def f(built: tuple[ModuleType, Path]) -> ModuleType:
    return built[0]


def names(f: ModuleType, *texts: str) -> object:
    out = f.NameList()
    for t in texts:
        out.add(f.Name(t))
    return out


def test_a_base_instance_is_a_class_and_a_base(f: ModuleType) -> None:
    nl = names(f, "a", "b", "c")
    assert type(nl).__mro__[:2] == (f.NameList, f.List_Name)
    assert isinstance(nl, f.List_Name) and issubclass(f.NameList, f.List_Name)
    assert nl.size() == 3 and not nl.isEmpty() and nl.first().text() == "a"
    assert nl.joined("-") == "a-b-c"  # its own method, next to the base's


def test_a_base_instance_carries_its_protocols(f: ModuleType) -> None:
    nl = names(f, "a", "b", "c")
    assert len(nl) == 3 and len(f.NameList()) == 0
    assert nl[0].text() == "a" and nl[-1].text() == "c" and nl[-3].text() == "a"
    with pytest.raises(IndexError):
        nl[3]
    with pytest.raises(IndexError):
        nl[-4]
    assert [n.text() for n in nl] == ["a", "b", "c"]
    assert f.Name("b") in nl and f.Name("z") not in nl
    nl[1] = f.Name("z")
    assert [n.text() for n in nl] == ["a", "z", "c"]
    assert nl == names(f, "a", "z", "c") and nl != names(f, "a")
    twin = copy.copy(nl)
    assert type(twin) is f.NameList and twin == nl


def test_the_instance_is_a_class_of_its_own(f: ModuleType) -> None:
    plain = f.List_Name()
    plain.add(f.Name("x"))
    assert len(plain) == 1 and plain[0].text() == "x" and not isinstance(plain, f.NameList)


def test_a_base_named_by_its_typedef(f: ModuleType) -> None:
    s = f.Scores()
    s.add(3)
    s.add(4)
    assert type(s).__mro__[1] is f.IntList and not hasattr(f, "List_int")
    assert len(s) == 2 and list(s) == [3, 4] and s[-1] == 4 and s.total() == 7
    assert 4 in s and 5 not in s


def test_a_base_of_two_arguments_named_by_a_directive(f: ModuleType) -> None:
    p = f.Properties()
    assert type(p).__mro__[1] is f.Props and not hasattr(f, "Map_Name_NameList")
    p.insert(f.Name("k"), names(f, "a", "b"))
    assert p.size() == 1 and f.Name("k") in p and f.Name("x") not in p
    assert len(p) == 1 and p  # (a C++ name with a comma: len() and truth all the same)
    value = p.value(f.Name("k"))
    assert isinstance(value, f.NameList) and value.joined(",") == "a,b"
    with pytest.raises(IndexError):
        p.value(f.Name("x"))


def test_instances_of_enums_and_of_instances(f: ModuleType) -> None:
    p = f.Palette()
    p.add(f.Color.Green)
    assert type(p).__mro__[1] is f.List_Color and list(p) == [f.Color.Green]
    t = f.Table()
    t.add(names(f, "q", "r"))
    assert type(t).__mro__[1] is f.List_List_Name
    assert len(t) == 1 and isinstance(t[0], f.List_Name) and t[0][1].text() == "r"
    assert [len(row) for row in t] == [2]


def test_an_instance_of_pointers(f: ModuleType) -> None:
    n = f.Name("a")
    links = f.Links()
    links.add(n)
    assert type(links).__mro__[1] is f.List_NamePtr
    assert len(links) == 1 and links[0].text() == "a" and links[-1].text() == "a"
    assert n in links and f.Name("a") not in links  # (the same pointer, not an equal name)


def test_an_instance_with_a_default_argument(f: ModuleType) -> None:
    c = f.make_cells(2)
    assert type(c) is f.IntCells and c.count() == 4
    assert c == f.IntCells(fill=2) and repr(c) == "IntCells(fill=2)"


def test_a_template_deriving_from_an_instance(f: ModuleType) -> None:
    s = f.DoubleStack()
    s.push(1.5)
    s.push(2.5)
    assert type(s).__mro__[1] is f.List_double
    assert s.top() == 2.5 and len(s) == 2 and list(s) == [1.5, 2.5] and s[-2] == 1.5


def test_a_struct_template_instance_is_a_record(f: ModuleType) -> None:
    b = f.IntBox(value=3)
    assert (b.value, b.count) == (3, 0) and repr(b) == "IntBox(value=3, count=0)"
    assert str(inspect.signature(f.IntBox)) == "(value=Ellipsis, count=Ellipsis)"
    back = pickle.loads(pickle.dumps(b))
    assert type(back) is f.IntBox and (back.value, back.count) == (3, 0)
    twin = copy.copy(b)
    twin.value = 5
    assert b.value == 3 and twin.value == 5
    t = f.TextBox(value="x", count=2)
    assert repr(t) == "TextBox(value='x', count=2)"
    assert repr(pickle.loads(pickle.dumps(t))) == "TextBox(value='x', count=2)"
    with pytest.raises(TypeError):
        f.IntBox(weight=1)


def test_operators_of_an_instance(f: ModuleType) -> None:
    a = f.IntPair(a=1, b=2)
    c = a + f.IntPair(a=3, b=4)
    assert repr(c) == "IntPair(a=4, b=6)" and type(c) is f.IntPair
    assert a == f.IntPair(a=1, b=2) and a != c and a < c and not c < a
    assert repr(pickle.loads(pickle.dumps(c))) == "IntPair(a=4, b=6)"


def test_the_stub_and_the_interface(built: tuple[ModuleType, Path]) -> None:
    out = built[1]
    stub = (out / "family.pyi").read_text()
    for line in ("class NameList(List_Name):", "class Scores(IntList):",
                 "class Table(List_List_Name):", "class DoubleStack(List_double):",
                 "def __init__(self, value: int = ..., count: int = ...) -> None: ...",
                 "def __add__(self, other: IntPair, /) -> IntPair: ...",
                 "def make_cells(v: int) -> IntCells: ..."):
        assert line in stub, line
    assert "def __len__(self) -> int: ..." in stub.split("class List_Name(")[1].split("class ")[0]
    view = (out / "family.decls" / "family.h").read_text()
    # a base instance is instantiated in the view, in its template's namespace, before the
    # class deriving from it; the others after the views
    assert view.index("%template(List_Name) tl::List<tl::Name>;") < view.index(
        "class NameList")
    assert view.index("%template(Props) tl::Map<tl::Name, tl::NameList>;") < view.index(
        "class Properties")
    assert "%template(DoubleStack)" in (out / "family.i").read_text()
