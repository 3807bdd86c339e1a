"""Issue 36, points 5 and 6: out-parameters on overload sets, lists of new objects as outs, and no
SWIG method on a class that did not ask for it.

tests/overload_outs/ is built once, with --strict: `files.h` (a config key naming a whole overload
set applies `out`, `inout`, `false_is` and `nullable` where each fits), `shapes.h` (factories and a
parser filling `std::vector<T*>` and `std::vector<std::unique_ptr<T>>` outs; live objects counted)
and `names.h` (members named `append`, `next`, `own`, `disown`, `acquire`). The failure cases run
`swiggen generate` on small headers: a directive that takes effect nowhere is a located error.
"""

from __future__ import annotations

import gc
import importlib
import shutil
import sys
import weakref
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO, sanitizer_build_env, swiggen
from swiggen import owned

FOLDER = REPO / "tests" / "overload_outs"
HEADERS = ("files.h", "shapes.h", "names.h")
#: SwigPyObject's methods (SWIG's pyrun.swg) and a director class's
SWIG_METHODS = ("append", "own", "disown", "acquire", "next", "__disown__")


@pytest.fixture(scope="module")
def m(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    work = tmp_path_factory.mktemp("overload_outs")
    for p in FOLDER.iterdir():
        shutil.copy(p, work)
    proc = swiggen("build", *HEADERS, "--sources", "overload_outs.cpp", "--config",
                   "swiggen.toml", "-m", "overload_outs", "-o", "out", "--strict", cwd=work,
                   env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stderr[-4000:]
    sys.path.insert(0, str(work / "out"))
    try:
        return importlib.import_module("overload_outs")
    finally:
        sys.path.pop(0)


# ---- point 5: directives on overload sets --------------------------------------------------

@pytest.mark.compile
def test_out_applies_to_the_overloads_that_have_the_parameter(m: ModuleType) -> None:
    assert m.read(4) == (0, 40)          # read(int fd, int* n): out(n) from the set's key
    assert m.read(-1) == (-1, 0)
    assert m.read("abc") == (0, 3)       # read(const char*, int*): its own key, out(arg1)
    assert m.position(4) == 104          # read(int): no n, left alone (renamed: same arity)


@pytest.mark.compile
def test_inout_applies_to_every_overload_that_has_it(m: ModuleType) -> None:
    assert m.advance(1) == 2
    assert m.advance(1, 5) == 6
    first = m.advance()                   # no cursor: the global one
    assert m.advance() == first + 1


@pytest.mark.compile
def test_a_header_annotation_on_one_overload_leaves_the_others(m: ModuleType) -> None:
    index = m.Index()
    assert index.lookup("word") == (0, 4)
    assert index.lookup(21) == 42


@pytest.mark.compile
def test_out_and_false_is_on_a_method_set(m: ModuleType) -> None:
    index = m.Index()
    assert index.find("abc") == 300       # bool find(word, int* pos): raises on false
    with pytest.raises(KeyError):
        index.find("?")
    assert index.find(3) is None          # bool find(int): false_is too, no out
    with pytest.raises(KeyError):
        index.find(0)
    assert m.Catalog().find(0) is False   # another class's bool find: no false_is


@pytest.mark.compile
def test_nullable_on_the_constructors_that_take_it(m: ModuleType) -> None:
    assert m.Reader("four").buffer() == 4
    assert m.Reader(3, None).buffer() == 3
    assert m.Reader(3, m.Options(buffer=10)).buffer() == 13


# ---- point 5: std::vector<T*>* and std::vector<std::unique_ptr<T>>* outs ------------------------

def _live(m: ModuleType) -> tuple[int, int, int]:
    gc.collect()
    return m.Shape.live, m.Token.live, m.Parser.live


@pytest.mark.compile
def test_a_factory_filling_a_vector_of_new_objects_returns_owned_objects(m: ModuleType) -> None:
    before = _live(m)
    shapes = m.makeAll()
    assert [s.sides if s is not None else None for s in shapes] == [3, None, 0]
    assert [type(s).__name__ for s in shapes] == ["Shape", "NoneType", "Shape"]
    assert shapes[2].kind() == "circle"   # a Circle made through Shape*: virtual calls work
    assert owned(shapes[0]) and owned(shapes[2])
    assert m.Shape.live == before[0] + 2
    ref = weakref.ref(shapes[0])
    del shapes
    gc.collect()
    assert ref() is None
    assert _live(m) == before             # each deleted once, through the virtual destructor


@pytest.mark.compile
def test_unique_ptr_items_are_owned_by_python(m: ModuleType) -> None:
    before = _live(m)
    made = m.makeOwned()
    assert [s.kind() for s in made] == ["shape", "circle"] and made[0].sides == 5
    assert all(owned(s) for s in made)
    assert m.Shape.live == before[0] + 2
    del made
    assert _live(m) == before


@pytest.mark.compile
def test_objects_made_before_a_throw_are_deleted(m: ModuleType) -> None:
    before = _live(m)
    with pytest.raises(RuntimeError, match="ran out of squares"):
        m.makeThenFail()
    assert _live(m) == before


@pytest.mark.compile
def test_a_method_filling_a_vector_keeps_its_parser_alive(m: ModuleType) -> None:
    before = _live(m)
    parser = m.Parser()
    ok, tokens = parser.Parse("let x be")
    assert ok is True and [t.text for t in tokens] == ["let", "x", "be"]
    assert parser.Parse("") == (False, [])
    assert m.Token.live == before[1] + 2 + 3      # the parser's two keywords, three tokens
    ref = weakref.ref(parser)
    del parser
    gc.collect()
    assert ref() is not None                      # the tokens keep the parser that made them
    del tokens
    assert _live(m) == before


@pytest.mark.compile
def test_borrowed_items_stay_the_parsers(m: ModuleType) -> None:
    before = _live(m)
    parser = m.Parser()
    kept = parser.keywords()
    assert [t.text for t in kept] == ["if", "else"] and not any(owned(t) for t in kept)
    del parser
    gc.collect()
    assert kept[1].text == "else"                 # the views keep the parser alive
    assert m.Parser.live == before[2] + 1
    del kept
    assert _live(m) == before                     # the parser deletes its own, once


@pytest.mark.compile
def test_repeated_calls_leak_nothing(m: ModuleType) -> None:
    before = _live(m)
    parser = m.Parser()
    for _ in range(2000):
        m.makeAll()
        m.makeOwned()
        parser.Parse("a b c")
        parser.keywords()
    del parser
    assert _live(m) == before


# ---- point 6: SWIG's methods are not on wrapped classes ---------------------------------------

@pytest.mark.compile
def test_cpp_members_named_like_swigs_methods_are_called(m: ModuleType) -> None:
    names = m.NameList()
    names.append("a")
    names.append("b")
    assert names.size() == 2 and len(names) == 2
    assert (names.next(), names.next(), names.next()) == ("a", "b", "")
    assert names.own() is True
    names.disown()
    assert names.own() is False and owned(names)   # C++'s disown; Python still owns it
    assert names.acquire(5) == 1005


@pytest.mark.compile
@pytest.mark.parametrize("cls", ["Plain", "Shape", "Token", "Index", "Visitor"])
def test_classes_without_those_members_have_none_of_them(m: ModuleType, cls: str) -> None:
    c = getattr(m, cls)
    assert [n for n in SWIG_METHODS if hasattr(c, n) or n in dir(c)] == []
    with pytest.raises(AttributeError):
        getattr(c(), "append")


@pytest.mark.compile
def test_overrides_and_ownership_still_work_without_them(m: ModuleType) -> None:
    class Twice(m.Visitor):
        def visit(self, x: int) -> int:
            return 2 * x

    assert m.visitWith(Twice(), 21) == 42 and m.visitWith(m.Visitor(), 21) == 21
    p = m.Plain()
    assert owned(p) and not hasattr(p, "thisown")   # swiggen's API reads it (docs/ownership.md)


# ---- a directive that takes effect nowhere is a located error ----------------------------------

def _generate(tmp_path: Path, header: str, config: str = "") -> tuple[int, str]:
    (tmp_path / "g.h").write_text(header)
    args = ["generate", "g.h", "-m", "g", "-o", str(tmp_path / "out")]
    if config:
        (tmp_path / "g.toml").write_text("[annotations]\n" + config)
        args += ["--config", "g.toml"]
    proc = swiggen(*args, cwd=tmp_path)
    return proc.returncode, proc.stderr


def test_a_set_key_naming_a_parameter_no_overload_has_is_an_error(tmp_path: Path) -> None:
    code, err = _generate(tmp_path, "int read(int fd, int* n);\nint read(int);\n",
                          '"read" = "out(count)"\n')
    assert code == 1
    line = next(x for x in err.splitlines() if "error SG230" in x)
    assert line.startswith("g.toml:2: error SG230: out(count) on 'read' takes effect in none of "
                           "its 2 overloads: 'read(int,int *)': no parameter named 'count'; "
                           "'read(int)': no parameter named 'count'"), err
    assert "name parameters of 'read(int,int *)': fd, n" in line


def test_out_on_a_function_that_is_left_out_is_an_error(tmp_path: Path) -> None:
    header = ("#include <vector>\n"
              "void grid(std::vector<const int*>* rows);  // swiggen: out(rows)\n")
    code, err = _generate(tmp_path, header)
    assert code == 1
    assert "g.h:2: warning SG336" in err                      # why it is left out
    assert "g.h:2: error SG230: out(rows) on 'grid': 'grid' is not wrapped" in err, err


def test_an_out_of_a_type_no_overload_can_return_is_an_error(tmp_path: Path) -> None:
    header = ("struct Lock { Lock(int); };\n"
              "int take(Lock* held);\nint take(int id, Lock* held);\n")
    code, err = _generate(tmp_path, header, '"take" = "out(held)"\n')
    assert code == 1
    assert "g.toml:2: error SG230: out(held) on 'take' takes effect in none of its 2 " \
        "overloads" in err and "which swiggen cannot return as an out-parameter" in err, err


def test_false_is_on_a_set_without_a_bool_result_is_an_error(tmp_path: Path) -> None:
    code, err = _generate(tmp_path, "int get(int);\nint get(const char*);\n",
                          '"get" = "false_is(KeyError)"\n')
    assert code == 1
    assert "g.toml:2: error SG231: false_is(KeyError) on 'get' takes effect in none of its 2 " \
        "overloads: 'get(int)': the result is int, not bool" in err, err


def test_false_is_on_one_of_two_bool_overloads_warns(tmp_path: Path) -> None:
    header = ("bool get(int key, int* value);  // swiggen: out(value), false_is(KeyError)\n"
              "bool get(const char* key);\n")
    code, err = _generate(tmp_path, header)
    assert code == 0
    assert "g.h:2: warning SG370: 'get(const char *)' returns bool without false_is, but " \
        "false_is(KeyError) on another overload of 'get' applies to it too" in err, err


def test_one_overload_that_takes_it_is_enough(tmp_path: Path) -> None:
    header = ("#include <vector>\nstruct Item {};\n"
              "void items(std::vector<Item*>* found);\nvoid items(int limit);\n")
    code, err = _generate(tmp_path, header, '"items" = ["out(found)", "nullable(limit)"]\n')
    # out(found) fits the first overload; nullable(limit) fits none (an int is no pointer)
    assert code == 1
    assert "error SG230: out(found)" not in err
    assert "g.toml:2: error SG230: nullable(limit) on 'items' takes effect in none of its 2 " \
        "overloads: 'items(std::vector< Item * > *)': no parameter named 'limit'; 'items(int)': " \
        "'limit' (int) cannot accept None: it is not a pointer" in err, err
