"""Unnamed C++ parameters are positional-only (lower/stubs.positional_prefix, swig/posonly.py,
kwforms.py): in the wrapper (a keyword naming one, or a named parameter before one, is refused),
in `inspect.signature`, in the stub, and in an overload set's keyword dispatch, for free
functions, methods, statics, constructors and overrides that name what the base left unnamed."""

from __future__ import annotations

import inspect
from types import ModuleType

import pytest

pytestmark = pytest.mark.compile

POS, KW = inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD


@pytest.fixture(scope="module")
def up(case_module) -> ModuleType:  # type: ignore[no-untyped-def]
    return case_module("unnamed_params")


def kinds(f: object) -> list[tuple[str, inspect._ParameterKind]]:
    return [(p.name, p.kind) for p in inspect.signature(f).parameters.values()  # type: ignore[arg-type]
            if p.name != "self"]


def refused(call, *args, **kwargs) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError) as e:
        call(*args, **kwargs)
    return str(e.value)


@pytest.mark.parametrize("name, expected", [
    ("scale", [("arg0", POS)]),
    ("mix", [("a", POS), ("arg1", POS), ("c", KW)]),
    ("tail", [("x", POS), ("arg1", POS)]),
    ("over", [("arg0", POS)]),  # an overload set: its first overload's signature
    ("each", [("arg0", POS)]),  # a C callback and its user data: one parameter
    ("each_times", [("visit", POS), ("arg2", POS)]),
    ("words", [("arg0", POS)]),
    ("count", [("arg0", POS), ("arg1", POS)]),
])
def test_free_function_signatures(up: ModuleType, name: str, expected: list) -> None:
    assert kinds(getattr(up, name)) == expected


@pytest.mark.cpython_only  # (on PyPy methods have no docstring, so no signature: docs/pypy.md)
def test_methods_statics_and_overrides(up: ModuleType) -> None:
    assert kinds(up.Visitor.visit) == [("arg0", POS)]
    assert kinds(up.Visitor.enter) == [("arg0", POS), ("arg1", POS)]
    assert kinds(up.Printer.enter) == [("element", KW), ("depth", KW)]
    assert kinds(up.Printer.twice) == [("arg0", POS)]


def test_positional_calls_work(up: ModuleType) -> None:
    assert up.scale(4) == 8 and up.mix(1, 2) == 123 and up.tail(1.0) == 1.5
    assert up.tail(1.0, 2.0) == 3.0 and up.over(3) == 4 and up.Printer.twice(5) == 10
    assert up.Printer(7).width == 7 and up.Printer().width == 0
    assert up.Visitor().enter(up.Element(), 2) == 0
    e = up.Element()
    e.depth = 3
    assert up.Printer().enter(e, depth=2) == 5 and up.Printer().enter(element=e, depth=1) == 4


def test_shims_and_conversions_called_by_position(up: ModuleType) -> None:
    assert up.each(lambda v: 10 * v) == 30 and up.each_times(lambda v: v + 1, 3) == 6
    assert up.words(["a", "b"]) == 2 and up.count("banana", "a") == 3


def test_named_parameters_after_them_take_keywords(up: ModuleType) -> None:
    assert up.mix(1, 2, c=5) == 125
    assert up.over("abc", times=2) == 6 and up.over(s="ab", times=3) == 6


@pytest.mark.parametrize("call, args, kwargs, word", [
    ("scale", (), {"arg0": 2}, "arg0"),
    ("mix", (), {"a": 1, "arg1": 2}, "a"),
    ("mix", (1,), {"arg1": 2}, "arg1"),
    ("tail", (), {"x": 1.0}, "x"),
    ("over", (), {"arg0": 3}, "arg0"),
    ("scale", (), {"": 2}, "''"),
    # after a function with a callback shim in the same scope too (a flag of the scope, not of
    # the function, left them all taking keywords)
    ("each", (), {"arg0": abs}, "arg0"),
    ("each_times", (abs,), {"arg2": 1}, "arg2"),
    ("each_times", (), {"visit": abs, "arg2": 1}, "visit"),
    ("words", (), {"arg0": ["a"]}, "arg0"),
    ("count", ("a",), {"arg1": "a"}, "arg1"),
])
def test_keywords_naming_them_are_refused(up: ModuleType, call: str, args: tuple,
                                          kwargs: dict, word: str) -> None:
    assert "unexpected keyword argument" in refused(getattr(up, call), *args, **kwargs)
    assert word in refused(getattr(up, call), *args, **kwargs)


def test_constructor_and_static_refuse_them_by_keyword(up: ModuleType) -> None:
    assert "unexpected keyword argument 'arg0'" in refused(up.Printer, arg0=3)
    assert "unexpected keyword argument 'arg0'" in refused(up.Printer.twice, arg0=3)
    assert refused(up.scale) == "scale() missing required positional argument (pos 1)"


def test_stub_marks_them(up: ModuleType) -> None:
    from pathlib import Path
    stub = (Path(up.__file__).parent / "unnamed_params.pyi").read_text()
    assert "def mix(a: int, arg1: int, /, c: int = 3) -> int:" in stub
    assert "def visit(self, arg0: Text, /) -> bool: ..." in stub
    assert "def enter(self, element: Element, depth: int) -> int: ..." in stub
    printer = stub[stub.index("class Printer"):]
    # the override's overloads in its base's order (Text, then Element)
    assert printer.index("def visit(self, text: Text)") < \
        printer.index("def visit(self, element: Element)")
