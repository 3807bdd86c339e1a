"""swig/builtinmethods.py: SWIG's own methods leave the method tables, and the report counts
them (rewrites.py); a shape the rewrite does not know is left, by name."""

from __future__ import annotations

from swiggen.swig import builtinmethods
from swiggen.swig.fastcall import postprocess

TABLE = '''\
static PyMethodDef
SwigPyObject_methods[] = {
  {"disown",  SwigPyObject_disown,  METH_NOARGS,  "releases ownership of the pointer"},
  {"acquire", SwigPyObject_acquire, METH_NOARGS,  "acquires ownership of the pointer"},
  {"own",     SwigPyObject_own,     METH_VARARGS, "returns/sets ownership of the pointer"},
  {"append",  SwigPyObject_append,  METH_O,       "appends another 'this' object"},
  {"next",    SwigPyObject_next,    METH_NOARGS,  "returns the next 'this' object"},
  {"__repr__",SwigPyObject_repr2,   METH_NOARGS,  "returns object representation"},
  {0, 0, 0, 0}  
};
'''

DIRECTOR = '''\
SWIGINTERN PyMethodDef SwigPyBuiltin__ns__Visitor_methods[] = {
  { "__disown__", Swig::Director::swig_pyobj_disown< ns::Visitor >, METH_NOARGS, "" },
  { "visit", (PyCFunction)(void(*)(void))_wrap_Visitor_visit, METH_O, "visit(self, x) -> int" },
  { NULL, NULL, 0, NULL } /* Sentinel */
};
'''


def module(*parts: str) -> str:
    return '#define SWIG_VERSION 0x040501\n#include <Python.h>\n\n' + "\n".join(parts)


def test_swigs_methods_leave_the_tables_and_the_rest_stays() -> None:
    out, removed = builtinmethods.rewrite(module(TABLE, DIRECTOR))
    assert removed == 6
    for name in builtinmethods.NAMES + ("__disown__",):
        assert f'"{name}"' not in out
    assert '{"__repr__",SwigPyObject_repr2' in out and '{ "visit", ' in out
    assert "{0, 0, 0, 0}" in out and "{ NULL, NULL, 0, NULL }" in out
    assert builtinmethods.rewrite(out) == (out, 0)  # idempotent


def test_the_report_counts_them() -> None:
    _, report = postprocess(module(TABLE, DIRECTOR))
    count = report["builtin_methods"]
    assert (count.found, count.rewritten, count.left) == (6, 6, [])


def test_a_table_of_another_shape_is_left_by_name() -> None:
    other = TABLE.replace('{"append",  SwigPyObject_append,', '{"append", (PyCFunction)X,\n')
    out, report = postprocess(module(other))
    count = report["builtin_methods"]
    assert count.found == 5 and count.rewritten == 4
    [(name, line)] = count.left
    assert name == "append" and '"append"' in out.splitlines()[line - 1]
