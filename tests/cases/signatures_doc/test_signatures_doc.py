"""Signatures (tests/cases/signatures_doc): `inspect.signature` of every function, method and
constructor, overloaded or documented; every overload's doc comment in `help()`; defaults as
Python literals in the text signatures and the stub, and the same in both. (On PyPy methods have
no docstring: docs/pypy.md; the tests that read theirs are CPython's.)"""

from __future__ import annotations

import ast
import inspect
import pydoc
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import swig_version


#: SWIG 4.5 installs a documented constructor as an `__init__` method of its own (its docstring,
#: its signature); SWIG 4.4 keeps the slot wrapper and puts the signature on the class
init_methods = pytest.mark.skipif(swig_version() < (4, 5),
                                  reason="SWIG < 4.5: no __init__ method of its own")

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def sd(case_module):  # type: ignore[no-untyped-def]
    return case_module("signatures_doc")


@pytest.fixture(scope="module")
def stub(sd: ModuleType) -> ast.Module:
    return ast.parse((Path(sd.__file__).parent / "signatures_doc.pyi").read_text())


def callables(module: ModuleType) -> Iterator[tuple[str, Any]]:
    """Every public function, class (with a constructor) and method of `module`, `__init__` and
    the other dunder methods C++ gives a class included, SWIG's own attributes left out."""
    for name, value in vars(module).items():
        if name.startswith("_"):
            continue
        if isinstance(value, type):
            if value.__module__ != module.__name__ or issubclass(value, int):
                continue  # (the enums are Python's own IntEnum classes)
            yield name, value
            for attr, member in vars(value).items():
                if attr in ("this", "thisown") or (attr.startswith("_") and not (
                        attr.startswith("__") and attr.endswith("__"))):
                    continue
                if type(member).__name__ in ("method_descriptor", "staticmethod"):
                    yield f"{name}.{attr}", getattr(value, attr)
        elif callable(value):
            yield name, value


@pytest.mark.cpython_only
def test_every_callable_has_a_signature(sd: ModuleType) -> None:
    seen = dict(callables(sd))
    missing = []
    for name, obj in seen.items():
        if obj is sd.Shape:
            continue  # (below)
        try:
            inspect.signature(obj)
        except ValueError as e:
            missing.append(f"{name}: {e}")
    assert not missing
    # the walk reached each kind: overloaded, documented, static, template instances, __init__
    # (`Buffer.__init__`, `Point.__init__`: SWIG 4.5 installs a documented constructor as a
    # method of its own; SWIG 4.4's class carries the signature itself)
    assert {"add", "area", "defaults", "twice_int", "Buffer", "IntBox",
            "Buffer.scaled_sum", "Buffer.kind", "Buffer.zeros", "Buffer.__copy__",
            "Buffer.__deepcopy__", "Holder.as_int", "Loose", "Point",
            "Counter"} <= set(seen)
    # a class without a public constructor has none, as CPython's own such types
    with pytest.raises(ValueError, match="no signature found"):
        inspect.signature(sd.Shape)


def test_constructor_signatures(sd: ModuleType) -> None:
    # overloaded and documented: the first overload's
    assert str(inspect.signature(sd.Buffer)) == "(n, fill=0.0)"
    assert str(inspect.signature(sd.Counter)) == "()"
    assert str(inspect.signature(sd.Loose)) == "(v)"  # global namespace: its own docstring
    assert list(inspect.signature(sd.Point).parameters) == ["x", "y"]
    assert sd.Buffer(3, 2.0).at(2) == 2.0 and sd.Buffer(2).at(1) == 0.0


@pytest.mark.cpython_only
@init_methods
def test_method_signatures(sd: ModuleType) -> None:
    assert str(inspect.signature(sd.Buffer.__init__)) == "(self, /, n, fill=0.0)"
    assert str(inspect.signature(sd.Buffer.fill)) == "(self, /, v=1.0)"
    assert str(inspect.signature(sd.Buffer(1).fill)) == "(v=1.0)"
    assert str(inspect.signature(sd.Buffer.zeros)) == "(n)"  # static: no self
    assert str(inspect.signature(sd.Buffer.size)) == "(self, /)"
    assert str(inspect.signature(sd.Buffer.__deepcopy__)) == "(self, memo, /)"
    assert str(inspect.signature(sd.Holder.as_int)) == "(self, /)"
    assert str(inspect.signature(sd.twice_str)) == "(x)"
    # overload sets: the first overload's parameters
    assert list(inspect.signature(sd.Buffer.scaled_sum).parameters) == ["self", "k"]
    assert list(inspect.signature(sd.Buffer.kind).parameters) == ["x"]
    assert list(inspect.signature(sd.add).parameters) == ["a", "b"]
    assert inspect.signature(sd.Buffer.size_of).parameters["b"].default is None


def test_literal_defaults_are_the_cpp_defaults(sd: ModuleType) -> None:
    sig = inspect.signature(sd.defaults)
    assert str(sig) == ("(n=3, x=0.5, flag=True, name='sd', sep=',', mask=255, f=2.0, "
                        "g=-0.001, big=1000000)")
    given = {name: p.default for name, p in sig.parameters.items()}
    # passing the signature's defaults is calling without them
    assert sd.defaults(**given) == sd.defaults() == "3,0.5,1,sd,255,2,-0.001,1000000"
    assert sd.Buffer.size_of() == -1
    # not a literal: `...`, and the argument may still be left out
    assert str(inspect.signature(sd.expr_default)) == "(x=Ellipsis, v=Ellipsis)"
    assert sd.expr_default() == 6
    assert inspect.signature(sd.paint).parameters["c"].default is Ellipsis
    assert sd.paint() == "green"


def test_wrong_arguments_still_raise(sd: ModuleType) -> None:
    with pytest.raises(TypeError, match="defaults.*'n'.*int.*str"):
        sd.defaults(n="three")
    with pytest.raises(TypeError, match="flag"):
        sd.defaults(flag="yes")
    with pytest.raises(ValueError, match="n must not be negative"):
        sd.Buffer(-1)
    with pytest.raises(TypeError):
        sd.add(1, "x")


def test_every_overload_keeps_its_doc(sd: ModuleType) -> None:
    text = pydoc.render_doc(sd.add, renderer=pydoc.plaintext)
    for doc in ("Adds two ints.", "Adds two doubles.", "Joins two strings."):
        assert doc in text
    assert sd.add.__doc__.splitlines()[:2] == ["add(a: int, b: int) -> int",
                                               "    Adds two ints."]
    # one doc comment among the overloads documents the set: after the list
    assert sd.area.__doc__ == ("area(side: int) -> int\narea(w: int, h: int) -> int\n\n"
                               "Overloads with one doc comment: it documents the set.")
    # constructors: each one's comment in the class's docstring, then the class's own
    assert "Make a buffer of n values." in sd.Buffer.__doc__
    assert "A copy of another buffer, with extra room." in sd.Buffer.__doc__
    assert sd.Buffer.__doc__.endswith("\n\nA buffer of doubles.")
    # a documented function keeps its doc after the signature (which __doc__ leaves out)
    assert sd.defaults.__doc__ == "The defaults it was called with, as text: every literal kind."
    assert sd.undocumented.__doc__ in (None, "")


@pytest.mark.cpython_only
@init_methods
def test_template_instances_have_their_own_constructors(sd: ModuleType) -> None:
    assert str(inspect.signature(sd.IntBox)) == str(inspect.signature(sd.TextBox)) == "()"
    assert sd.IntBox.__init__.__doc__ == "IntBox()\nIntBox(v: int)"
    assert sd.TextBox.__init__.__doc__ == "TextBox()\nTextBox(v: str)"
    assert sd.TextBox("a").get() == "a" and sd.IntBox(2).get() == 2


@pytest.mark.cpython_only
@init_methods
def test_every_method_overload_keeps_its_doc(sd: ModuleType) -> None:
    methods = sd.Buffer.scaled_sum.__doc__
    assert "The sum times an integer." in methods and "The sum times a float." in methods
    assert "negate: bool = False" in methods
    assert "as an int." in sd.Buffer.kind.__doc__ and "as text." in sd.Buffer.kind.__doc__
    # the constructors' in __init__'s docstring too, which help() shows
    assert "Make a buffer of n values." in sd.Buffer.__init__.__doc__
    assert "A copy of another buffer, with extra room." in sd.Buffer.__init__.__doc__
    text = pydoc.render_doc(sd.Buffer, renderer=pydoc.plaintext)
    assert "Buffer(n, fill=0.0)" in text and "__init__(self, /, n, fill=0.0)" in text


def _stub_functions(stub: ast.Module) -> Iterator[tuple[str, ast.FunctionDef]]:
    """(`name` or `Class.name`, def) for each function of the stub, the first of an overload set
    only (the one the text signature is)."""
    def walk(body: list[ast.stmt], prefix: str) -> Iterator[tuple[str, ast.FunctionDef]]:
        seen: set[str] = set()
        for node in body:
            if isinstance(node, ast.ClassDef):
                yield from walk(node.body, f"{node.name}.")
            elif isinstance(node, ast.FunctionDef) and node.name not in seen:
                seen.add(node.name)
                yield f"{prefix}{node.name}", node
    yield from walk(stub.body, "")


@pytest.mark.cpython_only
@init_methods
def test_stub_and_text_signatures_agree(sd: ModuleType, stub: ast.Module) -> None:
    """Each stub function's parameters and defaults are its runtime signature's: a literal
    default is the same value in both, any other is `...` at run time."""
    checked = 0
    for path, node in _stub_functions(stub):
        obj: Any = sd
        for part in path.split("."):
            obj = getattr(obj, part)
        if path.endswith(".__len__"):
            continue  # (a slot wrapper: Python's own signature)
        params = list(inspect.signature(obj).parameters.values())
        args = node.args.posonlyargs + node.args.args
        if args and args[0].arg == "self":
            args = args[1:]
            params = params[1:] if params and params[0].name == "self" else params
        assert [p.name for p in params] == [a.arg for a in args], path
        defaults = [None] * (len(args) - len(node.args.defaults)) + list(node.args.defaults)
        for p, default in zip(params, defaults):
            if default is None:
                assert p.default is inspect.Parameter.empty, (path, p.name)
                continue
            try:
                value = ast.literal_eval(default)
            except ValueError:  # an enum member: named in the stub only
                value = ...
            assert p.default == value and type(p.default) is type(value), (path, p.name)
        checked += 1
    assert checked >= 20


def test_stub_defaults_are_literals(stub: ast.Module) -> None:
    functions = dict(_stub_functions(stub))

    def defaults(path: str) -> list[str]:
        return [ast.unparse(d) for d in functions[path].args.defaults]

    assert defaults("defaults") == ["3", "0.5", "True", "'sd'", "','", "255", "2.0", "-0.001",
                                    "1000000"]
    assert defaults("paint") == ["Color.Green"] and defaults("Buffer.tint") == ["Color.Blue"]
    assert defaults("expr_default") == ["...", "..."]
    assert defaults("Buffer.size_of") == ["None"] and defaults("Buffer.__init__") == ["0.0"]
