"""Text signatures and stub defaults: C++ defaults as Python literals, overload sets' docstrings,
and SWIG's docstring shape undone."""

from __future__ import annotations

from dataclasses import replace

import pytest
from swiggen.diagnostics import Loc
from swiggen.lower.pydefaults import param_default
from swiggen.lower.pyrecords import StubFunction, StubParam
from swiggen.lower.signatures import init_docstring, python_default, text_signature, with_signature
from swiggen.model import Param, TypeKind, TypeRef
from swiggen.swig import docsigs


@pytest.mark.parametrize("cpp,py", [
    ("6", "6"), ("-3", "-3"), ("0x10", "16"), ("010", "8"), ("1'000'000", "1000000"),
    ("42u", "42"), ("7UL", "7"), ("1.5", "1.5"), ("2.0f", "2.0"), ("1e-3", "0.001"),
    (".5", "0.5"), ("true", "True"), ("false", "False"), ("nullptr", "None"),
    ("NULL", "None"), ('"utf-8"', "'utf-8'"), ("{}", "..."), ("Color::Red", "..."),
    ("2 * kDefault", "..."), ('"a\\nb"', "..."), ("std::string()", "..."), (None, "..."),
    ("1e999", "..."), ("std::nullopt", "None"),
])
def test_python_default(cpp: str | None, py: str) -> None:
    assert python_default(cpp) == py


def test_with_signature_shapes() -> None:
    one = StubFunction("f", (StubParam("a", "int", False), StubParam("b", "int", True, "2")),
                       "int", "")
    assert with_signature("Doc.", "f", [one], False, True) == "f(a, b=2)\n--\n\nDoc."
    assert with_signature("", "f", [one], True, False) == "f($self, a, b=2, /)\n--\n\n"
    two = StubFunction("f", (StubParam("s", "str", False),), "str", "")
    # an overload set: the first overload's text signature, then every overload as the stub
    assert with_signature("Doc.", "f", [one, two], False, True) == \
        "f(a, b=2)\n--\n\nf(a: int, b: int = 2) -> int\nf(s: str) -> str\n\nDoc."


def test_overloads_keep_their_own_doc_comments() -> None:
    ints = StubFunction("add", (StubParam("a", "int", False), StubParam("b", "int", False)),
                        "int", "Adds two ints.", overloaded=True)
    floats = StubFunction("add", (StubParam("a", "float", False),
                                  StubParam("b", "float", True, "0.5")),
                          "float", "Adds two doubles.\nSecond line.", overloaded=True)
    doc = with_signature("Adds two ints.", "add", [ints, floats], False, False)
    assert doc == ("add(a, b)\n--\n\n"
                   "add(a: int, b: int) -> int\n    Adds two ints.\n\n"
                   "add(a: float, b: float = 0.5) -> float\n    Adds two doubles.\n"
                   "    Second line.")
    # positional-only stubs (no keywords at run time): the text signature says so too
    positional = [replace(ints, positional=True), replace(floats, positional=True)]
    assert with_signature("", "add", positional, False, False).startswith("add(a, b, /)\n--\n")
    # a method: $self, unless it is static
    assert with_signature("", "add", [ints, floats], True, True).startswith("add($self, a, b)")
    static = [replace(ints, is_static=True), replace(floats, is_static=True)]
    assert with_signature("", "add", static, True, True).startswith("add(a, b)\n")


def test_constructor_docstrings() -> None:
    made = StubFunction("__init__", (StubParam("n", "int", False),
                                     StubParam("fill", "float", True, "0.0")), "None",
                        "Make a buffer.")
    copied = StubFunction("__init__", (StubParam("other", "Buffer", False),), "None",
                          "Make a buffer.")
    assert init_docstring("Buffer", [made], True) == \
        "__init__($self, n, fill=0.0)\n--\n\nMake a buffer."
    assert init_docstring("Buffer", [made], False) == \
        "__init__($self, n, fill=0.0, /)\n--\n\nMake a buffer."
    # overloads sharing one doc comment: listed, then the doc
    assert init_docstring("Buffer", [made, copied], False) == (
        "__init__($self, n, fill=0.0)\n--\n\n"
        "Buffer(n: int, fill: float = 0.0)\nBuffer(other: Buffer)\n\nMake a buffer.")
    assert init_docstring("Buffer", [], True) == ""
    # the class docstring: the same signature (without $self), then the class's own doc
    assert with_signature("A buffer.", "Buffer", [made, replace(copied, doc="Copy.")], False,
                          False) == ("Buffer(n, fill=0.0)\n--\n\n"
                                     "Buffer(n: int, fill: float = 0.0)\n    Make a buffer.\n\n"
                                     "Buffer(other: Buffer)\n    Copy.\n\nA buffer.")


def test_text_signature_defaults_only_literals() -> None:
    color = StubFunction("paint", (StubParam("c", "Color", True, "Color.Red"),
                                   StubParam("name", "str", True, "'x'"),
                                   StubParam("v", "list[int]", True)), "None", "")
    assert text_signature("paint", color, False, True) == "paint(c=..., name='x', v=...)"
    assert color.signature == "(c: Color = Color.Red, name: str = 'x', v: list[int] = ...) -> None"


def _param(default: str | None, kind: TypeKind = TypeKind.INT, canonical: str = "int",
           indirection: str = "", target: str = "") -> Param:
    return Param("p", TypeRef(canonical, canonical, kind, indirection=indirection,
                              target=target), default, Loc("h.h", 1))


@pytest.mark.parametrize("param,annotation,stub", [
    (_param("2"), "int", "2"),
    (_param("0", canonical="double"), "float", "0.0"),
    (_param("1", canonical="bool"), "bool", "True"),
    (_param("0", canonical="bool"), "bool", "False"),
    (_param("true", canonical="bool"), "bool", "True"),
    (_param("true"), "int", "..."),  # not a literal of the annotation's type
    (_param("1.5", canonical="double"), "float", "1.5"),
    (_param("1.5"), "int", "..."),
    (_param('"utf-8"', canonical="char", indirection="*"), "str", "'utf-8'"),
    (_param('"utf-8"', canonical="char", indirection="*"), "bytes", "..."),
    (_param("nullptr", canonical="char", indirection="*"), "str | None", "None"),
    (_param("nullptr", canonical="char", indirection="*"), "str", "..."),
    (_param("0", kind=TypeKind.CLASS, canonical="Node", indirection="*"), "Node | None",
     "None"),
    (_param("std::nullopt", kind=TypeKind.OPTIONAL, canonical="std::optional<int>"),
     "int | None", "None"),
    (_param("-1", canonical="unsigned int"), "int", "..."),
    (_param("'q'", canonical="char"), "str", "'q'"),
    (_param("Color::Red", TypeKind.ENUM, "ns::Color", target="ns::Color"), "Color", "Color.Red"),
    (_param("ns::Color::Green", TypeKind.ENUM, "ns::Color", target="ns::Color"), "Outer.Color",
     "Outer.Color.Green"),
    (_param("None", TypeKind.ENUM, "ns::Color", target="ns::Color"), "Color", "Color.None_"),
    (_param("kDefault", TypeKind.ENUM, "ns::Color", target="ns::Color"), "Color", "..."),
    (_param("static_cast<ns::Color>(1)", TypeKind.ENUM, "ns::Color", target="ns::Color"),
     "Color", "..."),
    (_param(None), "int", "..."),
])
def test_param_default(param: Param, annotation: str, stub: str) -> None:
    enums = {"ns::Color": ("Red", "Green", "None")}
    assert param_default(param, annotation, enums) == stub


def test_rewrite_drops_swigs_leading_newline_before_signatures_only() -> None:
    text = ('{ "f", _wrap_f, METH_O, "\\n"\n\t\t"f(a, b=2)\\n"\n\t\t"--\\n"\n\t\t"\\n"\n'
            '\t\t"Doc.\\n"\n\t\t""},\n'
            '{ "g", _wrap_g, METH_O, "\\n"\n\t\t"g(x) -> int\\n"\n\t\t"g(s) -> str\\n"\n\t\t""},\n'
            '{ "h", _wrap_h, METH_O, "\\n"\n\t\t"Just text (not a signature)\\n"\n\t\t""},\n')
    new, count = docsigs.rewrite(text)
    assert count == 2
    assert '"f(a, b=2)\\n"' in new and '"\\n"\n\t\t"f(' not in new
    assert '"g(x) -> int\\n"' in new and '"\\n"\n\t\t"g(' not in new
    assert '"\\n"\n\t\t"Just text' in new  # left as SWIG wrote it
    # the C literals now concatenate to exactly the text lower gave SWIG
    import ast
    first = new[new.index('"f('):new.index("},")].replace("\n\t\t", " ")
    assert ast.literal_eval(first) == "f(a, b=2)\n--\n\nDoc."
    second = new[new.index('"g('):].split("},")[0].replace("\n\t\t", " ")
    assert ast.literal_eval(second) == "g(x) -> int\ng(s) -> str"
