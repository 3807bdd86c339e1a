"""Overload sets take keyword arguments (swig/kwdispatch.py, lower/kwforms.py): an overload is a
candidate only if the call's arguments bind to its own parameter names, and SWIG's type-ranked
dispatch picks among the candidates; a call without keywords is dispatched as before."""

from __future__ import annotations

import inspect
import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile

ADD = """\
add(): incompatible function arguments{why}. The following argument types are supported:
    1. add(a: int, b: int) -> int
    2. add(a: float, b: float) -> float

Invoked with types: {types}"""


@pytest.fixture(scope="module")
def ok(case_module):  # type: ignore[no-untyped-def]
    return case_module("overload_keywords")


def message(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError) as e:
        call(*args, **kwargs)
    return str(e.value)


def test_free_function_by_keyword(ok) -> None:
    assert ok.add(a=1, b=2) == 3 and ok.add(b=2, a=1) == 3 and ok.add(1, b=2) == 3
    assert ok.add(a=1.0, b=2.0) == 3.5  # the double overload: SWIG's type ranking
    assert ok.add(**{"a": 1, "b": 2.5}) == 4.0


def test_positional_calls_are_dispatched_and_reported_as_before(ok) -> None:
    assert ok.add(1, 2) == 3 and ok.add(1.0, 2) == 3.5 and ok.pick(4) == 5 and ok.pick("ab") == -2
    assert message(ok.add, 1, "x") == ADD.format(why="", types="int, str")
    assert message(ok.add, 1) == ADD.format(why="", types="int")
    assert message(ok.add, 1, 2, 3) == "add() takes at most 2 arguments (3 given)"


def test_same_arity_overloads_told_apart_by_names(ok) -> None:
    # pick(int x) / pick(const char* s): the names decide which overloads are candidates
    assert ok.pick(x=4) == 5 and ok.pick(s="hi") == -2
    assert message(ok.pick, x="hi").endswith("Invoked with types: x=str")
    assert message(ok.pick, s=4).endswith("Invoked with types: s=int")


def test_errors_list_the_overloads_and_name_the_keywords(ok) -> None:
    # a wrong type by keyword: the argument named with the type it got
    assert message(ok.add, a=1, b="x") == ADD.format(why="", types="a=int, b=str")
    assert message(ok.add, 1, b=None) == ADD.format(why="", types="int, b=None")
    # a missing argument, an unknown keyword, one given by position and by keyword
    assert message(ok.add, a=1) == ADD.format(why="", types="a=int")
    assert message(ok.add, a=1, c=2) == ADD.format(
        why=" (unexpected keyword argument 'c')", types="a=int, c=int")
    assert message(ok.add, 1, a=2) == ADD.format(
        why=" (multiple values for argument 'a')", types="int, a=int")
    assert message(ok.add, 1, 2, b=3).startswith("add(): incompatible function arguments "
                                                 "(multiple values for argument 'b')")


def test_defaults_between_keywords_are_filled_in(ok) -> None:
    # mix(int a, int b = 2, int c = 5) / mix(const std::string& a, int c)
    assert ok.mix(1) == 125 and ok.mix(a=1, b=3) == 135 and ok.mix(1, 3, c=4) == 134
    assert ok.mix(1, c=7) == 127 and ok.mix(c=7, a=1) == 127  # b: its default, 2
    assert ok.mix(a="xy", c=3) == 2003 and ok.mix("xy", c=3) == 2003
    assert message(ok.mix, a="xy", b=3).endswith("Invoked with types: a=str, b=int")
    # str, char, bool, float and int defaults rebuilt as Python values
    assert ok.label(1) == "1-**-5" and ok.label(1, width=3) == "1-***-5"
    assert ok.label(n=1, upper=True) == "1-**-5!" and ok.label(1, scale=0.25) == "1-**-2"
    assert ok.label(1, fill="#", width=1) == "1-#-5" and ok.label(text="t") == "<t>"


def test_a_default_python_cannot_pass_is_a_clear_error(ok) -> None:
    # stepped(int a, int step = kw::kStep * 2, int n = 1): a C++ expression
    assert ok.stepped(1) == 7 and ok.stepped(a=1) == 7 and ok.stepped(a=1, step=2) == 3
    assert ok.stepped(1, 1, n=2) == 3 and ok.stepped(a=1, step=1, n=2) == 3
    text = message(ok.stepped, 1, n=2)
    assert text.startswith("stepped(): incompatible function arguments (the default of 'step' "
                           "is a C++ expression: pass 'step' too)"), text


def test_function_template_instances(ok) -> None:
    assert ok.twice(v=3) == 6 and ok.twice(v=1.5) == 3.0 and ok.twice(2) == 4
    assert message(ok.twice, w=1).startswith("twice(): incompatible function arguments "
                                             "(unexpected keyword argument 'w')")


def test_methods_and_static_methods(ok) -> None:
    c = ok.Counter(3)
    assert c.bump(by=2) == 5 and c.bump(factor=2.0) == 10 and c.bump(2.0, times=2) == 40
    assert c.bump(factor=0.5, times=1) == 20 and c.bump(1) == 21
    assert message(c.bump, times=2).startswith("Counter.bump(): incompatible function arguments")
    assert message(c.bump, self=c, by=1).startswith(
        "Counter.bump(): incompatible function arguments (unexpected keyword argument 'self')")
    assert ok.Counter.make(n=2) == 4 and ok.Counter.make(name="ab", times=2) == 4
    assert ok.Counter.make("abc", times=3) == 9 and c.make(n=1) == 2
    assert message(ok.Counter.make, name="ab").startswith("Counter.make(): incompatible")
    assert message(ok.Counter.make, "ab", n=3).endswith("Invoked with types: str, n=int")


def test_constructors(ok) -> None:
    assert ok.Counter(start=4).value() == 4 and ok.Counter().value() == 0
    named = ok.Counter(name="n", start=2)
    assert named.name() == "n" and named.value() == 2
    assert ok.Counter("m", start=1).name() == "m"
    assert message(ok.Counter, start="x").endswith("Invoked with types: start=str")
    assert message(ok.Counter, name="n").startswith("Counter(): incompatible function arguments")

    class Sub(ok.Counter):  # a Python subclass: type_call and tp_init with a dict
        pass

    assert Sub(start=6).value() == 6 and Sub(name="s", start=1).name() == "s"
    assert message(Sub, start="x") == message(ok.Counter, start="x")
    assert message(Sub, stop=1) == message(ok.Counter, stop=1)


def test_operators_stay_positional(ok) -> None:
    assert (ok.Counter(3) + 1).value() == 4  # a slot: positional, as Python's own
    assert (ok.Counter(3) + ok.Counter(4)).value() == 7
    with pytest.raises(TypeError):
        ok.Counter(3) + "x"


def test_sets_not_matched_to_swigs_overloads_bind_by_any_overloads_names(ok) -> None:
    """Box's constructors include a template's instance, which SWIG numbers after the class's
    own: kwdispatch.py binds by the names of any overload, and SWIG's dispatch picks."""
    assert ok.Box(n=3).size() == 3 and ok.Box(s="abcd").size() == 4
    assert ok.Box(scale=2.5, n=2).size() == 5 and ok.Box(2.5, 2).size() == 5
    assert message(ok.Box, m=1).startswith("Box(): incompatible function arguments "
                                           "(unexpected keyword argument 'm')")


def test_stub_and_docstring_name_the_parameters(ok) -> None:
    stub = (Path(ok.__file__).parent / "overload_keywords.pyi").read_text()
    assert "def add(a: int, b: int) -> int:" in stub  # no `/`: keywords work
    assert "def mix(a: int, b: int = 2, c: int = 5) -> int:" in stub
    # two operator+ are an overload set (stubtest reads the stub: test_stubtest.py)
    assert "    @overload\n    def __add__(self, other: int, /) -> Counter: ...\n" \
        "    @overload\n    def __add__(self, other: Counter, /) -> Counter: ..." in stub
    # every overload's signature and doc (lower/signatures.py); inspect.signature is the
    # first overload's, its parameters named (they take keywords)
    assert ok.add.__doc__.startswith("add(a: int, b: int) -> int\n    Adds two ints.\n\n"
                                     "add(a: float, b: float) -> float\n")
    params = inspect.signature(ok.add).parameters
    assert list(params) == ["a", "b"] and all(
        p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params.values())


def test_every_overload_set_takes_keywords(ok, build_root: Path) -> None:
    report = json.loads((build_root / "overload_keywords" / "build" /
                         "rewrites.json").read_text())
    count = report["kinds"]["kwdispatch"]
    # (Shape.area, Square.area with the overloads `using` brings, Port(): 3 of them)
    assert count["found"] == 13 and count["rewritten"] == 13, count


@pytest.mark.cpython_only
def test_keyword_calls_keep_no_references_and_leak_nothing(ok) -> None:
    import gc
    import sys

    class Sub(ok.Counter):
        pass

    text = "".join(["t", "ext"])  # an object of its own, counted
    n = 10**6 + 1

    def calls() -> None:
        ok.pick(s=text)
        ok.label(1, sep=text, width=3)  # fill, upper, scale: defaults built and dropped
        ok.mix(n, c=n)
        ok.Counter(name=text, start=n)
        Sub(name=text, start=n)
        ok.Counter(1).bump(factor=2.0, times=n % 3)
        for bad in (lambda: ok.pick(x=text), lambda: ok.add(a=text, b=n),
                    lambda: ok.stepped(n, n=text), lambda: ok.Counter(start=text),
                    lambda: ok.add(n, a=text), lambda: Sub(stop=text)):
            try:
                bad()
            except TypeError:
                pass

    calls()
    gc.collect()
    refs, blocks = sys.getrefcount(text), sys.getallocatedblocks()
    for _ in range(2000):
        calls()
    gc.collect()
    assert sys.getrefcount(text) == refs
    assert sys.getallocatedblocks() - blocks < 200


def test_using_declaration_joins_the_overload_set(ok) -> None:
    """`using Shape::area;` beside Square's own area (parse/usings.py): Shape's overloads are
    Square's, with keywords and in the stub; Square's own `area(int, int)` hides Shape's."""
    sq = ok.Square()
    assert sq.area(3) == 3 and sq.area("m") == 1 and sq.area(2, 3) == 12
    assert sq.area(scale=4) == 4 and sq.area(unit="cm") == 100 and sq.area(w=1, h=2) == 4
    assert sq.secret(1) == 101 and not hasattr(ok.Shape(), "secret")
    assert message(sq.area, 1.5).startswith("Square.area(): incompatible function arguments")
    stub = (Path(ok.__file__).parent / "overload_keywords.pyi").read_text()
    square = stub[stub.index("class Square"):]
    square = square[:square.index("\nclass ")]
    assert square.count("@overload\n    def area(") == 3 and "def secret(self, x: int)" in square


def test_constructor_with_a_scoped_default_takes_keywords(ok) -> None:
    assert str(inspect.signature(ok.Port)) == "(kind=Ellipsis, limit=100)"
    assert ok.Port(ok.Api.Alsa, limit=5).limit() == 5 and ok.Port().kind() == 0
    assert ok.Port(kind=ok.Api.Alsa).kind() == 1
    assert "the default of 'kind' is a C++ expression: pass 'kind' too" in message(ok.Port,
                                                                                   limit=5)
