"""lower.types.substitute and lower.values.value_wrapper_reason: the model in, decisions out."""

from __future__ import annotations

from swiggen.diagnostics import Diagnostics, Loc
from swiggen.lower.context import ConfigAnnotations, Context
from swiggen.lower.types import substitute
from swiggen.lower.values import value_wrapper_reason
from swiggen.model import Class, Constructor, Function, Param, TypeKind, TypeRef

LOC = Loc("x.h", 1)
KEY = TypeRef("const Key &", "const type-parameter-0-0 &", TypeKind.OTHER, True, "&")
NODE = TypeRef("const Node &", "ns::Node", TypeKind.CLASS, True, "&", "ns::Node")


def ctx() -> Context:
    c = Context(Diagnostics(), ConfigAnnotations())
    c.py_names["ns::Node"] = "Node"
    return c


def test_substitute_keeps_const_and_reference() -> None:
    t = substitute(KEY, {"Key": "std::string"}, ctx())
    assert t is not None
    assert (t.spelling, t.kind, t.is_const, t.indirection) == (
        "const std::string &", TypeKind.STRING, True, "&")


def test_substitute_classifies_integers_classes_and_others() -> None:
    c = ctx()
    assert substitute(KEY, {"Key": "std::size_t"}, c).kind is TypeKind.INT  # type: ignore[union-attr]
    assert substitute(KEY, {"Key": "unsigned  long"}, c).kind is TypeKind.INT  # type: ignore[union-attr]
    node = substitute(KEY, {"Key": "ns::Node"}, c)
    assert node is not None and (node.kind, node.target) == (TypeKind.CLASS, "ns::Node")
    assert substitute(KEY, {"Key": "std::pair<int, int>"}, c).kind is TypeKind.OTHER  # type: ignore[union-attr]


def test_substitute_leaves_plain_types_and_gives_up_on_nested_parameters() -> None:
    assert substitute(NODE, {"Key": "int"}, ctx()) is NODE
    nested = TypeRef("std::vector<Key>", "vector<type-parameter-0-0>", TypeKind.OTHER)
    assert substitute(nested, {"Key": "int"}, ctx()) is None


def _class(methods: tuple[Function, ...] = (), ctors: tuple[Constructor, ...] = ()) -> Class:
    return Class("Node", "ns::Node", False, LOC, methods=methods, constructors=ctors)


def test_value_wrapper_reasons() -> None:
    assign = Function("operator=", "ns::Node::operator=", (Param("rhs", NODE, None, LOC),),
                      NODE, LOC)
    greedy = Function("Node", "ns::Node::Node", (Param("v", KEY, None, LOC),), NODE, LOC,
                      template_params=("T",))
    one_arg = Constructor((Param("v", NODE, None, LOC),), LOC)
    assert value_wrapper_reason(_class()) == ""
    assert "assignment" in value_wrapper_reason(_class((assign,)))
    assert "template" in value_wrapper_reason(_class((greedy,)))
    assert "default constructor" in value_wrapper_reason(_class(ctors=(one_arg,)))
