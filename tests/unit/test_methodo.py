"""swig/methodo.py: module functions of one positional parameter get METH_O entry points."""

from __future__ import annotations

from swiggen.swig import methodo

PLAIN = """SWIGINTERN PyObject *_wrap_label(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {
    if (!swiggen_fastargs(swiggen_args, swiggen_nargs, swiggen_kwnames, "label", kwnames, 1, 1, swiggen_argv)) SWIG_fail;
  return NULL;
}
SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {
    if (!swiggen_fastargs(swiggen_args, swiggen_nargs, swiggen_kwnames, "add", kwnames, 2, 2, swiggen_argv)) SWIG_fail;
  return NULL;
}
SWIGINTERN PyObject *_wrap_pick(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {
  if (!(argc = swiggen_fastunpack(swiggen_args, swiggen_nargs, "pick", 0, 1, argv))) SWIG_fail;
  return NULL;
}
SWIGINTERN PyObject *_wrap_Thing_get(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {
    if (!swiggen_fastargs(swiggen_args, swiggen_nargs, swiggen_kwnames, "get", kwnames, 1, 1, swiggen_argv)) SWIG_fail;
  return NULL;
}

static PyMethodDef SwigMethods[] = {
\t { "label", (PyCFunction)(void(*)(void))_wrap_label, METH_FASTCALL|METH_KEYWORDS, "label(text)"},
\t { "add", (PyCFunction)(void(*)(void))_wrap_add, METH_FASTCALL|METH_KEYWORDS, "add(a, b)"},
\t { "pick", (PyCFunction)(void(*)(void))_wrap_pick, METH_FASTCALL|METH_KEYWORDS, "pick(x)"},
\t { NULL, NULL, 0, NULL }
};

static PyMethodDef Thing_methods[] = {
  { "get", (PyCFunction)(void(*)(void))_wrap_Thing_get, METH_FASTCALL|METH_KEYWORDS, "get(i)" },
};
"""


def test_one_parameter_module_functions_get_meth_o_entry_points() -> None:
    new, count = methodo.rewrite(PLAIN)
    assert count == 2  # label (plain) and pick (a dispatcher); not add (two), not a method
    table = new[new.index("static const swiggen_meth_o swiggen_meth_o_table[]"):new.index(methodo.MARK)]
    assert "_wrap_label_swiggen_o, _wrap_label_swiggen_vc}" in table
    assert "_wrap_pick_swiggen_o, _wrap_pick_swiggen_vc}" in table
    assert "_wrap_add" not in table and "_wrap_Thing_get" not in table
    assert "  return _wrap_pick(self, &arg, 1, NULL);\n" in new
    # after the module's method table (unit 0 of a split build), which itself is unchanged
    assert new.index(methodo.MARK) > new.index("\t { NULL, NULL, 0, NULL }\n};\n")
    assert new.startswith(PLAIN[:PLAIN.index("};\n") + 3])
    assert methodo.rewrite(new) == (new, 0)


def test_nothing_without_a_module_table_or_a_candidate() -> None:
    assert methodo.rewrite("int x;\n") == ("int x;\n", 0)
    two = PLAIN.replace('kwnames, 1, 1, swiggen_argv', 'kwnames, 1, 2, swiggen_argv').replace(
        '"pick", 0, 1, argv', '"pick", 0, 2, argv')
    assert methodo.rewrite(two) == (two, 0)
