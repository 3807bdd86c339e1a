"""lower/textclasses._with_namespace: the namespace a `str` class's C++ arguments are written in
(`using namespace NS;` in its conversions): never a class's name."""

from __future__ import annotations

from swiggen.diagnostics import Loc
from swiggen.lower.textclasses import _with_namespace
from swiggen.model import Class


def _class(qualname: str, *nested: Class) -> Class:
    return Class(qualname.rpartition("::")[2], qualname, False, Loc("x.h", 1), classes=nested)


def test_nested_classes_take_their_outermost_class_namespace() -> None:
    top = [_class("Outer", _class("Outer::Text")),
           _class("tl::Lib", _class("tl::Lib::Text", _class("tl::Lib::Text::Deep")))]
    found = {c.qualname: ns for c, ns in _with_namespace(top)}
    assert found == {"Outer": "", "Outer::Text": "", "tl::Lib": "tl", "tl::Lib::Text": "tl",
                     "tl::Lib::Text::Deep": "tl"}
