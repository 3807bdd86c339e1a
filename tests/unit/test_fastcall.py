"""fastcall.rewrite: SWIG's keyword wrappers become METH_FASTCALL|METH_KEYWORDS ones, and only
wrappers of exactly the expected shape; the rewritten modules parse arguments like
PyArg_ParseTupleAndKeywords (the same errors, the same messages)."""

from __future__ import annotations

import ctypes
from types import ModuleType
from typing import Any

import pytest
from swiggen.fastcall import HELPER, rewrite

ADD = '''\
SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *args, PyObject *kwargs) {
  PyObject *resultobj = 0;
  int arg1 ;
  PyObject * obj0 = 0 ;
  PyObject * obj1 = 0 ;
  char * kwnames[] = {
    (char *)"a",  (char *)"b",  NULL 
  };
  int result;
  
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:add", kwnames, &obj0, &obj1)) SWIG_fail;
  ecode1 = SWIG_AsVal_int(obj0, &val1);
  resultobj = SWIG_From_int(static_cast< int >(result));
  return resultobj;
fail:
  return NULL;
}
'''

BUMP = '''\
SWIGINTERN PyObject *_wrap_Counter_bump(PyObject *self, PyObject *args, PyObject *kwargs) {
  PyObject *resultobj = 0;
  PyObject * obj1 = 0 ;
  PyObject * obj2 = 0 ;
  char * kwnames[] = {
    (char *)"by",  (char *)"times",  NULL 
  };
  
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:Counter_bump", kwnames, &obj1, &obj2)) SWIG_fail;
  res1 = SWIG_ConvertPtr(self, &argp1,SWIGTYPE_p_Counter, 0 |  0 );
  return resultobj;
fail:
  return NULL;
}
'''


def table(name: str, wrapper: str, flags: str = "METH_VARARGS|METH_KEYWORDS") -> str:
    return f'  {{ "{name}", (PyCFunction)(void(*)(void)){wrapper}, {flags}, "doc" }},\n'


def module(*parts: str) -> str:
    return '#include <Python.h>\n\nextern "C" {\n' + "\n".join(parts) + "\n}\n"


def test_function_becomes_fastcall() -> None:
    text = module(ADD, table("add", "_wrap_add"))
    out = rewrite(text)
    assert "PyArg_ParseTupleAndKeywords(" not in out
    assert ("SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *const *swiggen_args, "
            "Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {") in out
    assert ('    if (!swiggen_fastargs(swiggen_args, swiggen_nargs, swiggen_kwnames, "add", '
            'kwnames, 2, 2, swiggen_argv)) SWIG_fail;\n'
            '    obj0 = swiggen_argv[0]; obj1 = swiggen_argv[1];\n') in out
    assert table("add", "_wrap_add", "METH_FASTCALL|METH_KEYWORDS") in out
    # the conversion code and the kwnames table are SWIG's, untouched
    assert "ecode1 = SWIG_AsVal_int(obj0, &val1);" in out and '(char *)"a",' in out
    assert out.count(HELPER) == 1 and out.index(HELPER) < out.index("_wrap_add(")


def test_method_with_optional_and_static_table_entry() -> None:
    text = module(BUMP, table("bump", "_wrap_Counter_bump", "METH_STATIC|METH_VARARGS|METH_KEYWORDS"))
    out = rewrite(text)
    assert '"Counter_bump", kwnames, 1, 2, swiggen_argv' in out
    assert "obj1 = swiggen_argv[0]; obj2 = swiggen_argv[1];" in out
    assert "METH_STATIC|METH_FASTCALL|METH_KEYWORDS" in out
    assert "SWIG_ConvertPtr(self," in out  # self is still the object


def test_helper_inserted_once_and_rewrite_is_idempotent() -> None:
    text = module(ADD, BUMP, table("add", "_wrap_add"), table("bump", "_wrap_Counter_bump"))
    once = rewrite(text)
    assert once.count("#define SWIGGEN_FASTARGS_DEFINED") == 1
    assert once.count("METH_FASTCALL|METH_KEYWORDS,") == 2
    assert rewrite(once) == once


@pytest.mark.parametrize("change", [
    # the body uses the argument tuple itself
    lambda t: t.replace("  int result;\n", "  int result;\n  Py_ssize_t n = PyTuple_Size(args);\n"),
    # a format unit other than O
    lambda t: t.replace('"OO:add"', '"Oi:add"'),
    # keyword-only marker
    lambda t: t.replace('"OO:add"', '"O$O:add"'),
    # outputs and format disagree
    lambda t: t.replace(", &obj0, &obj1)", ", &obj0)"),
    # kwnames and format disagree
    lambda t: t.replace('(char *)"b",  ', ""),
    # two parse calls
    lambda t: t.replace("  ecode1 =", '  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:add", '
                                       'kwnames, &obj0, &obj1)) SWIG_fail;\n  ecode1 ='),
    # a different signature
    lambda t: t.replace("PyObject *args, PyObject *kwargs)", "PyObject *args)"),
], ids=["uses-args", "format-unit", "kw-only", "outputs", "kwnames", "two-parses", "signature"])
def test_unexpected_shapes_are_left_alone(change: Any) -> None:
    text = module(change(ADD), table("add", "_wrap_add"))
    assert rewrite(text) == text


def test_wrapper_called_elsewhere_keeps_its_tuple_signature() -> None:
    closure = "SWIGPY_TERNARYFUNC_CLOSURE(_wrap_add) /* defines _wrap_add_ternaryfunc_closure */\n"
    text = module(ADD, closure, table("add", "_wrap_add"))
    assert rewrite(text) == text
    # not registered in a keyword method table at all
    text = module(ADD, table("add", "_wrap_add", "METH_VARARGS"))
    assert rewrite(text) == text


def test_only_the_matching_wrapper_changes() -> None:
    odd = ADD.replace("_wrap_add", "_wrap_odd").replace('"OO:add"', '"Os:odd"')
    text = module(ADD, odd, table("add", "_wrap_add"), table("odd", "_wrap_odd"))
    out = rewrite(text)
    assert odd in out and table("odd", "_wrap_odd") in out
    assert table("add", "_wrap_add", "METH_FASTCALL|METH_KEYWORDS") in out


def test_text_without_keyword_wrappers_is_unchanged() -> None:
    text = module("static int x;\n", table("f", "_wrap_f", "METH_O"))
    assert rewrite(text) == text


# -- behaviour: the rewritten wrappers report what PyArg_ParseTupleAndKeywords reports ----------

def parse_like_cpython(fmt: str, names: list[str], args: tuple[Any, ...],
                       kwargs: dict[str, Any]) -> str | None:
    """Run the real PyArg_ParseTupleAndKeywords: None if it accepts, else its TypeError text."""
    kwlist = (ctypes.c_char_p * (len(names) + 1))(*(n.encode() for n in names), None)
    outs = [ctypes.c_void_p() for _ in names]
    try:
        ctypes.pythonapi.PyArg_ParseTupleAndKeywords(
            ctypes.py_object(args), ctypes.py_object(kwargs) if kwargs else None,
            fmt.encode(), kwlist, *(ctypes.byref(o) for o in outs))
    except TypeError as exc:
        return str(exc)
    return None


def call(f: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str | None:
    try:
        f(*args, **kwargs)
    except TypeError as exc:
        return str(exc)
    return None


CALLS = [
    ((), {}), ((1,), {}), ((1, 2), {}), ((1, 2, 3), {}), ((1, 2, 3, 4), {}),
    ((), {"a": 1}), ((1,), {"a": 2}), ((1,), {"b": 2}), ((1,), {"c": 2}), ((1, 2), {"b": 3}),
    ((), {"a": 1, "b": 2}), ((), {"b": 2, "a": 1}), ((), {"a": 1, "b": 2, "c": 3}),
    ((1,), {"b": 2, "c": 3}), ((), {"c": 1}), ((1, 2), {"a": 3}),
]


@pytest.fixture(scope="module")
def fn(case_module: Any) -> ModuleType:
    return case_module("functions")


@pytest.mark.parametrize(("args", "kwargs"), CALLS)
def test_errors_match_cpython_required_only(fn: ModuleType, args: tuple[Any, ...],
                                            kwargs: dict[str, Any]) -> None:
    # int add(int a, int b)
    assert call(fn.add, args, kwargs) == parse_like_cpython("OO:add", ["a", "b"], args, kwargs)


@pytest.mark.parametrize(("args", "kwargs"), [
    ((), {}), ((1.0,), {}), ((1.0, 2.0, 3), {}), ((1.0, 2.0, 3, 4), {}),
    ((1.0,), {"times": 3}), ((), {"x": 1.0, "factor": 2.0}), ((1.0,), {"speed": 2}),
    ((1.0,), {"x": 2.0}), ((1.0, 2.0), {"factor": 3.0}), ((), {"factor": 2.0}),
    ((1.0,), {"times": 2, "speed": 1}), ((), {"times": 2, "x": 1.0, "factor": 2.0}),
    ((1.0, 2.0, 3), {"times": 1}), ((), {"x": 1.0, "a": 1, "b": 2, "c": 3}),
])
def test_errors_match_cpython_with_defaults(fn: ModuleType, args: tuple[Any, ...],
                                            kwargs: dict[str, Any]) -> None:
    # double scale(double x, double factor = 2.0, int times = 1)
    expected = parse_like_cpython("O|OO:scale", ["x", "factor", "times"], args, kwargs)
    assert call(fn.scale, args, kwargs) == expected


def test_values_arrive_in_their_parameters(fn: ModuleType) -> None:
    assert fn.scale(1.0, times=3) == 8.0
    assert fn.scale(times=3, x=1.0) == 8.0
    assert fn.scale(1.0, 10.0) == 10.0
    assert fn.scale(x=1.0, factor=10.0, times=2) == 100.0
    assert fn.scale(*(1.0,), **{"factor": 4.0}) == 4.0
    assert fn.add(*[2, 3]) == 5 and fn.add(b=3, a=2) == 5


PICK = '''\
SWIGINTERN PyObject *_wrap_pick(PyObject *self, PyObject *args) {
  Py_ssize_t argc;
  PyObject *argv[3] = {
    0
  };
  
  (void)self;
  if (!(argc = SWIG_Python_UnpackTuple(args, "pick", 0, 2, argv))) SWIG_fail;
  --argc;
  if (argc == 1) {
    return _wrap_pick__SWIG_0(self, argc, argv);
  }
fail:
  SWIG_Python_RaiseOrModifyTypeError("Wrong number or type of arguments for overloaded function 'pick'.\\n");
  return 0;
}
'''


def test_overload_dispatcher_becomes_fastcall() -> None:
    out = rewrite(module(PICK, table("pick", "_wrap_pick", "METH_VARARGS").replace(
        "(PyCFunction)(void(*)(void))", "")))
    assert ("SWIGINTERN PyObject *_wrap_pick(PyObject *self, PyObject *const *swiggen_args, "
            "Py_ssize_t swiggen_nargs) {") in out
    assert ('if (!(argc = swiggen_fastunpack(swiggen_args, swiggen_nargs, "pick", 0, 2, argv))) '
            'SWIG_fail;') in out
    assert table("pick", "_wrap_pick", "METH_FASTCALL") in out  # the cast is added
    assert "return _wrap_pick__SWIG_0(self, argc, argv);" in out
    assert out.count("#define SWIGGEN_FASTARGS_DEFINED") == 1
    assert rewrite(out) == out
    static = module(PICK, table("pick", "_wrap_pick", "METH_STATIC|METH_VARARGS"))
    assert "METH_STATIC|METH_FASTCALL," in rewrite(static)


@pytest.mark.parametrize("change", [
    lambda t: t.replace("  (void)self;\n", "  (void)self; (void)PyTuple_Size(args);\n"),
    lambda t: t.replace("PyObject *argv[3]", "PyObject *argv[1]"),
    lambda t: t.replace("(args, \"pick\", 0, 2, argv)", "(args, \"pick\", 0, 2, argv+1)"),
], ids=["uses-args", "argv-too-small", "argv-offset"])
def test_unexpected_dispatchers_are_left_alone(change: Any) -> None:
    text = module(change(PICK), table("pick", "_wrap_pick", "METH_VARARGS"))
    assert rewrite(text) == text


def test_dispatcher_called_elsewhere_is_left_alone() -> None:
    closure = "SWIGPY_BINARYFUNC_CLOSURE(_wrap_pick)\n"
    text = module(PICK, closure, table("pick", "_wrap_pick", "METH_VARARGS"))
    assert rewrite(text) == text


def test_overloads_dispatch_and_report_like_before(fn: ModuleType) -> None:
    assert fn.pick(4) == 5 and fn.pick(4.0) == 2.0 and fn.pick("x") == "<x>"
    assert fn.count_args(1) == 2 and fn.count_args(1, 2) == 2 and fn.count_args("s") == 1
    for bad in [(), (1, 2, 3), ([1],)]:
        with pytest.raises(TypeError, match="Wrong number or type of arguments for overloaded "
                                            "function 'count_args'"):
            fn.count_args(*bad)
    with pytest.raises(TypeError, match="keyword"):
        fn.pick(x=1)


NEW_POINT = '''\
SWIGINTERN int _wrap_new_Point(PyObject *self, PyObject *args, PyObject *kwargs) {
  PyObject *resultobj = 0;
  PyObject * obj1 = 0 ;
  PyObject * obj2 = 0 ;
  char * kwnames[] = {
    (char *)"x",  (char *)"y",  NULL 
  };
  
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:new_Point", kwnames, &obj1, &obj2)) SWIG_fail;
  return resultobj == Py_None ? -1 : 0;
fail:
  return -1;
}
'''


def test_constructor_takes_positional_fast_path_and_keeps_the_parser() -> None:
    text = module(NEW_POINT)
    out = rewrite(text)
    assert "SWIGINTERN int _wrap_new_Point(PyObject *self, PyObject *args, PyObject *kwargs) {" in out
    assert "if (swiggen_tupleargs(args, kwargs, 1, 2, swiggen_argv)) {" in out
    assert "obj1 = swiggen_argv[0]; obj2 = swiggen_argv[1];" in out
    # keywords and wrong counts still go to PyArg_ParseTupleAndKeywords
    assert 'PyArg_ParseTupleAndKeywords(args, kwargs, "O|O:new_Point", kwnames, &obj1, &obj2)' in out
    assert out.index(HELPER) < out.index("_wrap_new_Point(")
    assert rewrite(out) == out


def test_constructors_parse_like_before(case_module: Any) -> None:
    pr = case_module("protocols")  # Rec(id=7, score=0.5, name="anon", tags={}): a record
    assert (pr.Rec(1, 2.0).id, pr.Rec(1, 2.0).score) == (1, 2.0)
    assert pr.Rec().name == "anon" and pr.Rec(id=3, name="x").name == "x"
    assert pr.Rec(4, name="y").id == 4
    for args, kwargs in [((), {"idd": 1}), ((1,), {"id": 2}), ((1, 2.0, "n", [], 5), {})]:
        with pytest.raises(TypeError):
            pr.Rec(*args, **kwargs)
    with pytest.raises(TypeError):
        pr.Rec("not an int")
