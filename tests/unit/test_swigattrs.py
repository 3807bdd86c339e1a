"""swig/swigattrs.py: SWIG's attributes (`this`, `thisown`, `__dict__`, its base type's `__int__`
and `__getattribute__`) leave the wrapper, the rest stays, and the report counts them
(rewrites.py); a shape the rewrite does not know is left, by name. (The compile-and-import side:
tests/cases/test_instance_names.py checks `dir(obj)` of every class of several case modules.)"""

from __future__ import annotations

from swiggen.swig import swigattrs
from swiggen.swig.fastcall import postprocess

BASE = '''\
SWIGRUNTIME PyTypeObject*
SwigPyObject_TypeOnce(void) {
  static char SwigPyObject_doc[] = "Swig object holding a C/C++ pointer";
#ifndef SWIG_HEAPTYPES
  static PyNumberMethods SwigPyObject_as_number = {
    (unaryfunc)0,  /*nb_absolute*/
    (inquiry)0,    /*nb_bool*/
    (unaryfunc)SwigPyObject_long, /*nb_int*/
    0, /*nb_reserved*/
  };
  static PyTypeObject swigpyobject_type;
  if (!type_init) {
    const PyTypeObject tmp = {
      (getattrfunc)0,                       /* tp_getattr */
      PyObject_GenericGetAttr,              /* tp_getattro */
      0,                                    /* tp_setattro */
    };
  }
  return &swigpyobject_type;
#else
  PyType_Slot slots[] = {
    { Py_tp_dealloc, (void *)SwigPyObject_dealloc },
    { Py_tp_repr, (void *)SwigPyObject_repr },
    { Py_tp_getattro, (void *)PyObject_GenericGetAttr },
    { Py_tp_doc, (void *)SwigPyObject_doc },
    { Py_nb_int, (void *)SwigPyObject_long },
    { 0, NULL }
  };
  return (PyTypeObject *)pytype;
#endif
}

SWIGRUNTIME PyTypeObject*
SwigPyPacked_TypeOnce(void) {
  PyType_Slot slots[] = {
    { Py_tp_getattro, (void *)PyObject_GenericGetAttr },
    { 0, NULL }
  };
}
'''

GETSET = '''\
static SwigPyGetSet Node___dict___getset = { SwigPyObject_get___dict__, 0 };
static SwigPyGetSet Node_value_getset = { _wrap_Node_value_get, _wrap_Node_value_set };
SWIGINTERN PyGetSetDef SwigPyBuiltin__own__Node_getset[] = {
    { (char *)"__dict__", SwigPyBuiltin_FunpackGetterClosure, 0, (char *)"dictionary for instance variables", &Node___dict___getset },
    { (char *)"value", SwigPyBuiltin_GetterClosure, SwigPyBuiltin_SetterClosure, (char *)"value", &Node_value_getset },
    { NULL, NULL, NULL, NULL, NULL } /* Sentinel */
};
'''

INIT = '''\
  /* type '::own::Node' */
  d = PyDict_New();
  builtin_base_count = 0;
  builtin_bases[builtin_base_count] = NULL;
  PyDict_SetItemString(d, "this", this_descr);
  PyDict_SetItemString(d, "thisown", thisown_descr);
  builtin_pytype = SwigPyBuiltin__own__Node_type_create(metatype, builtin_bases, d);
'''


def module(*parts: str) -> str:
    return '#define SWIG_VERSION 0x040501\n#include <Python.h>\n\n' + "\n".join(parts)


def test_swigs_attributes_leave_and_the_rest_stays() -> None:
    out, removed = swigattrs.rewrite(module(BASE, GETSET, INIT))
    assert removed == 7  # this, thisown, __dict__, nb_int and tp_getattro twice each
    assert '"this"' not in out and '"thisown"' not in out and '"__dict__"' not in out
    assert "Node___dict___getset" not in out  # no closure left unused
    assert "SwigPyObject_long" not in out and "(unaryfunc)0, /*nb_int*/" in out
    base, packed = out.split("SwigPyPacked_TypeOnce")
    assert "PyObject_GenericGetAttr" not in base and "0,              /* tp_getattro */" in base
    assert "{ Py_tp_getattro, (void *)PyObject_GenericGetAttr }" in packed  # another type's
    assert '{ (char *)"value", SwigPyBuiltin_GetterClosure' in out
    assert "{ Py_tp_repr, (void *)SwigPyObject_repr }" in out
    assert "builtin_pytype = SwigPyBuiltin__own__Node_type_create(" in out
    assert swigattrs.rewrite(out) == (out, 0)  # idempotent


def test_the_report_counts_them() -> None:
    _, report = postprocess(module(BASE, GETSET, INIT))
    count = report["swig_attributes"]
    assert (count.found, count.rewritten, count.left) == (7, 7, [])


def test_a_shape_it_does_not_know_is_left_by_name() -> None:
    other = INIT.replace('PyDict_SetItemString(d, "thisown", thisown_descr);',
                         'PyDict_SetItemString(d, "thisown", swig_thisown);')
    out, report = postprocess(module(BASE, GETSET, other))
    count = report["swig_attributes"]
    assert count.found == 7 and count.rewritten == 6
    [(name, line)] = count.left
    assert name == "thisown" and '"thisown"' in out.splitlines()[line - 1]
    assert '"this"' not in out
