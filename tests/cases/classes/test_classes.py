"""Classes and structs: behaviour of the generated module (tests/cases/classes)."""

from __future__ import annotations

import pytest
from conftest import swig_version

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def cl(case_module):  # type: ignore[no-untyped-def]
    return case_module("classes")


def test_struct_fields(cl) -> None:
    p = cl.Point()
    assert (p.x, p.y) == (0.0, 0.0)
    p.x, p.y = 3.0, 4
    assert cl.distance(p, cl.Point()) == 5.0
    q = cl.translate(p, 1.0, -1.0)
    assert (q.x, q.y) == (4.0, 3.0)
    assert (p.x, p.y) == (3.0, 4.0)  # by value: the argument is untouched


def test_field_assignment_is_type_checked(cl) -> None:
    p = cl.Point()
    with pytest.raises(TypeError):
        p.x = "far"
    with pytest.raises(AttributeError):
        p.z = 1.0  # no such field: builtin types have no instance dict


def test_fields_set_in_a_loop_then_an_unknown_name(cl) -> None:
    """Setting a field again and again (PyPy remembers the last type and name it found:
    attributes.swg) leaves unknown names refused, and a Python subclass's own attributes."""
    p = cl.Point()
    for i in range(5):
        p.x = float(i)
        p.y = -float(i)
    assert (p.x, p.y) == (4.0, -4.0)
    with pytest.raises(AttributeError):
        p.z = 1.0
    with pytest.raises(TypeError):
        p.x = "far"

    class Tagged(cl.Point):
        pass

    t = Tagged()
    t.x = 2.0
    t.tag = "mine"  # a Python subclass keeps ordinary attribute semantics
    assert (t.x, t.tag) == (2.0, "mine")
    p.x = 7.0
    with pytest.raises(AttributeError):
        p.tag = "no"  # found on the subclass, never on Point itself
    assert p.x == 7.0


def test_const_field_is_read_only(cl) -> None:
    p = cl.Point()
    assert p.dims == 2
    with pytest.raises(AttributeError):
        p.dims = 3


def test_static_field(cl) -> None:
    assert cl.Point.created == 0
    cl.Point.created = 5
    assert cl.Point.created == 5


def test_overloaded_constructors(cl) -> None:
    assert cl.Circle().radius() == 0.0
    assert cl.Circle(2.0).radius() == 2.0
    c = cl.Circle(1.0, "wheel")
    assert c.name() == "wheel"
    with pytest.raises(TypeError):
        cl.Circle("wheel")


def test_methods_static_methods_and_defaults(cl) -> None:
    c = cl.Circle(1.0)
    c.grow()
    assert c.radius() == 2.0
    c.grow(by=0.5)
    assert c.radius() == 2.5
    assert cl.Circle.unit().radius() == 1.0
    assert cl.Shape.count() >= 1


def test_inheritance(cl) -> None:
    c = cl.Circle(1.0)
    assert isinstance(c, cl.Shape)
    c.set_name("disc")
    assert c.name() == "disc"
    assert c.area() == 3.0
    assert cl.total_area(c, cl.Circle(2.0)) == 15.0


def test_objects_print_as_python_objects(cl) -> None:
    import re
    c = cl.Circle(1.0)
    assert re.fullmatch(r"<classes\.Circle object at 0x[0-9a-f]+>", repr(c)), repr(c)
    assert str(c) == repr(c) and f"{id(c):x}" in repr(c)
    assert repr(cl.Point()) == "Point(x=0.0, y=0.0, dims=2)"


def test_abstract_class_cannot_be_constructed(cl) -> None:
    with pytest.raises(TypeError):
        cl.Shape()


def test_deleted_copy_constructor_respected(cl) -> None:
    t = cl.Token(7)
    assert t.id() == 7
    with pytest.raises(TypeError):
        cl.Token(t)  # no copy constructor is wrapped


def test_wrong_object_type_is_a_type_error(cl) -> None:
    with pytest.raises(TypeError):
        cl.distance(cl.Point(), cl.Circle(1.0))
    with pytest.raises(TypeError):
        cl.distance(cl.Point(), None)


def test_docstrings(cl) -> None:
    assert cl.Point.__doc__.startswith("A point in the plane.")
    assert cl.Circle.unit.__doc__.startswith("A circle with unit radius.")


def test_python_subclass_keeps_ordinary_attributes(cl) -> None:
    class Labelled(cl.Point):
        pass

    p = Labelled()
    p.label = "origin"
    p.x = 2.0
    assert (p.label, p.x) == ("origin", 2.0)
    assert cl.distance(p, cl.Point()) == 2.0


def test_each_module_has_its_own_type_table(cl, case_module) -> None:
    other = case_module("enums")  # also defines a global `struct Shared`
    mine, theirs = cl.make_shared_value(), other.make_shared_value()
    assert type(mine) is cl.Shared and mine.from_classes == 1
    assert type(theirs) is other.Shared and theirs.from_enums == 2


def test_keyword_named_method_is_renamed(cl) -> None:
    assert cl.Token(7).is_(7) and not cl.Token(7).is_(8)  # `is`: a Python keyword
    assert cl.Token(7).is_("7") and not hasattr(cl.Token, "_is")
    assert cl.Token(7).within(0, 10) and not hasattr(cl.Token, "in_")  # rename(within) wins


@pytest.mark.cpython_only
def test_signatures_of_methods_and_constructors(cl) -> None:
    import inspect

    assert str(inspect.signature(cl.Circle.grow)) == "(self, /, by=1.0)"
    assert str(inspect.signature(cl.Circle.radius)) == "(self, /)"
    assert str(inspect.signature(cl.Shape.count)) == "()"  # static: no self
    assert str(inspect.signature(cl.Token)) == "(id)"
    # four constructors: the first's signature, and all of them listed, with their types
    assert str(inspect.signature(cl.Circle)) == "()"
    assert cl.Circle.__doc__.splitlines()[:3] == ["Circle()", "Circle(r: float)",
                                                  "Circle(r: float, name: str)"]
    if swig_version() >= (4, 5):  # SWIG 4.5 installs the documented __init__ of its own
        assert str(inspect.signature(cl.Circle.__init__)) == "(self, /)"
        assert cl.Circle.__init__.__doc__.splitlines()[:2] == ["Circle()", "Circle(r: float)"]
    # a class in the global namespace: its docstring is not its constructor's (SWIG would find
    # the class's for the constructor too)
    assert list(inspect.signature(cl.Shared).parameters) == ["from_classes"]
    assert cl.Shape.area.__doc__.strip() == "The area of the shape."


# -- argument errors in Python's terms (interfaces/python/errors.swg) --------------------------

def message(call, *args, **kwargs) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The exception `call(*args, **kwargs)` raises: its type's name and its message."""
    with pytest.raises(Exception) as e:
        call(*args, **kwargs)
    return type(e.value).__name__, str(e.value)


def test_method_errors_count_python_positions_without_self(cl) -> None:
    c = cl.Circle(1.0)
    assert message(c.grow, "x") == (
        "TypeError", "Circle.grow() argument 'by' (position 1) must be float, not str")
    assert message(c.grow, bx=1) == (
        "TypeError", "Circle.grow() got an unexpected keyword argument 'bx'")
    assert message(cl.Token(1).within, 1, "x") == (
        "TypeError", "Token.within() argument 'hi' (position 2) must be int, not str")
    assert message(c.set_name, 5) == (
        "TypeError", "Shape.set_name() argument 'n' (position 1) must be str, not int")


def test_class_arguments_name_the_python_classes(cl) -> None:
    p = cl.Point()
    assert message(cl.distance, p, cl.Circle(1.0)) == (
        "TypeError", "distance() argument 'b' (position 2) must be Point, not Circle")
    assert message(cl.translate, None, 1.0, 2.0) == (
        "TypeError", "translate() argument 'p' (position 1) must be Point, not None")
    assert message(cl.total_area, cl.Circle(1.0), p) == (
        "TypeError", "total_area() argument 'b' (position 2) must be Shape, not Point")


def test_constructor_and_field_errors(cl) -> None:
    assert message(cl.Token, "x") == (
        "TypeError", "Token() argument 'id' (position 1) must be int, not str")
    assert message(cl.Point, x="a") == (
        "TypeError", "Point() argument 'x' (position 1) must be float, not str")
    assert message(cl.Point, ident=3) == (
        "TypeError", "Point() got an unexpected keyword argument 'ident'")
    assert message(cl.Point, 1, 2, 3) == (
        "TypeError", "Point() takes at most 2 arguments (3 given)")
    assert message(setattr, cl.Point(), "x", "s") == (
        "TypeError", "Point.x must be float, not str")
    assert message(setattr, cl.Point(), "y", None) == (
        "TypeError", "Point.y must be float, not None")


def test_overloaded_constructor_and_method_list_their_signatures(cl) -> None:
    assert message(cl.Circle, "x") == ("TypeError", """\
Circle(): incompatible function arguments. The following argument types are supported:
    1. Circle()
    2. Circle(r: float)
    3. Circle(r: float, name: str)
    4. Circle(arg0: Circle)

Invoked with types: str""")
    assert cl.Circle(r=2.0).radius() == 2.0 and cl.Circle(r=1.0, name="c").name() == "c"
    assert message(cl.Circle, r="x")[1].endswith("Invoked with types: r=str")
    assert message(cl.Token(1).is_, []) == ("TypeError", """\
Token.is_(): incompatible function arguments. The following argument types are supported:
    1. is_(self, other: int) -> bool
    2. is_(self, other: str) -> bool

Invoked with types: list""")
