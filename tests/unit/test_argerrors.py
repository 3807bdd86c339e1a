"""argerrors.rewrite (SWIG's argument failures pass their object) and lower/errors.py's table."""

from __future__ import annotations

from swiggen.swig.argerrors import rewrite
from swiggen.lower.errors import message_type, signature_table
from swiggen.lower.pyrecords import NestedClass, StubAttribute, StubClass, StubFunction, StubParam

MACRO = "#define SWIGGEN_ARG_FAIL(code, symname, argnum, obj, ctype) \\\n"

WRAPPER = '''\
SWIGINTERN PyObject *_wrap_Shape_move(PyObject *self, PyObject *const *swiggen_args) {
  res1 = swiggen_self_ptr(self, &argp1, SWIGTYPE_p_geo__Shape);
  if (!SWIG_IsOK(res1)) {
    SWIG_exception_fail(SWIG_ArgError(res1), "in method '" "Shape_move" "', argument " "1"" of type '" "geo::Shape *""'");
  }
  res2 = SWIG_ConvertPtr(obj1, &argp2, SWIGTYPE_p_geo__Point, 0 | 0);
  if (!SWIG_IsOK(res2)) {
    SWIG_exception_fail(SWIG_ArgError(res2), "in method '" "Shape_move" "', argument " "2"" of type '" "geo::Point const &""'");
  }
  if (!argp2) {
    SWIG_exception_fail(SWIG_NullReferenceError, "invalid null reference " "in method '" "Shape_move" "', argument " "2"" of type '" "geo::Point const &""'");
  }
}
SWIGINTERN PyObject *_wrap_f(PyObject *self, PyObject *args) {
  SWIG_exception_fail(SWIG_ArgError(res), "in variable '""x""' of type '""int""'");
  SWIG_exception_fail(SWIG_ArgError(res3), "in method '" "f" "', argument " "3"" of type '" "int""'");
}
'''


def test_failures_pass_the_object_of_the_last_conversion() -> None:
    text, count = rewrite(MACRO + WRAPPER)
    assert count == 4
    assert ('SWIGGEN_ARG_FAIL(SWIG_ArgError(res1), "Shape_move", 1, self, "geo::Shape *");'
            in text)
    assert ('SWIGGEN_ARG_FAIL(SWIG_ArgError(res2), "Shape_move", 2, obj1, '
            '"geo::Point const &");' in text)
    assert ('SWIGGEN_ARG_FAIL(SWIG_NullReferenceError, "Shape_move", 2, obj1, '
            '"geo::Point const &");' in text)
    # a new wrapper forgets the last object; other messages stay as SWIG wrote them
    assert 'SWIGGEN_ARG_FAIL(SWIG_ArgError(res3), "f", 3, 0, "int");' in text
    assert "in variable '\"\"x\"\"'" in text
    assert rewrite(text) == (text, 0)  # idempotent


def test_text_without_swiggen_errors_is_unchanged() -> None:
    assert rewrite(WRAPPER) == (WRAPPER, 0)


def test_table_holds_python_names_positions_and_types() -> None:
    move = StubFunction("move", (StubParam("to", "Point", False, cpp_index=1),), "None", "")
    init = StubFunction("__init__", (StubParam("r", "float", True, "1.0"),), "None", "",
                        overloaded=True)
    init2 = StubFunction("__init__", (), "None", "", overloaded=True)
    area = StubFunction("area", (StubParam("xs", "numpy.typing.NDArray[numpy.float64]", False),),
                        "float", "")
    node = StubClass("Node", (), "", (StubAttribute("value", "int", False),), (), ())
    shape = StubClass("Shape", (), "", (StubAttribute("name", "str", True),), (move, init, init2),
                      (), (node,))
    table = {s.symname: s.text for s in signature_table(
        [area], [shape], [NestedClass("Shape", "Node", "Shape_Node")])}
    assert list(table) == sorted(table)
    assert table["Shape_move"] == "f\tShape.move\n1\tself\tShape\n3\tto\tPoint\n"
    assert table["new_Shape"] == ("f\tShape\n@\tShape(r: float = 1.0)\n@\tShape()\n")
    assert table["area"] == "f\tarea\n1\txs\tnumpy array of float64\n"
    assert table["Shape_Node_value_set"] == "a\tShape.Node.value\n1\tvalue\tint\n2\tvalue\tint\n"
    assert "Shape_name_set" not in table  # read-only


def test_message_types() -> None:
    assert message_type("numpy.typing.NDArray[numpy.int32]") == "numpy array of int32"
    assert message_type("numpy.typing.ArrayLike") == "array-like"
    assert message_type("Sequence[float]") == "Sequence[float]"
