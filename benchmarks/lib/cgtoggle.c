/* Callgrind client requests for benchmarks/instructions.py: zero the counters, run a row,
 * dump them under a name. Outside valgrind each request is a few no-op instructions. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <valgrind/callgrind.h>

static PyObject* cg_zero(PyObject* self, PyObject* unused) {
    (void)self;
    (void)unused;
    CALLGRIND_ZERO_STATS;
    Py_RETURN_NONE;
}

static PyObject* cg_dump(PyObject* self, PyObject* name) {
    (void)self;
    const char* s = PyUnicode_AsUTF8(name);
    if (!s) return NULL;
    CALLGRIND_DUMP_STATS_AT(s);
    Py_RETURN_NONE;
}

static PyObject* cg_running(PyObject* self, PyObject* unused) {
    (void)self;
    (void)unused;
    return PyBool_FromLong(RUNNING_ON_VALGRIND);
}

static PyMethodDef methods[] = {
    {"zero", cg_zero, METH_NOARGS, "CALLGRIND_ZERO_STATS"},
    {"dump", cg_dump, METH_O, "CALLGRIND_DUMP_STATS_AT(name)"},
    {"running", cg_running, METH_NOARGS, "RUNNING_ON_VALGRIND"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "cgtoggle", NULL, -1, methods};

PyMODINIT_FUNC PyInit_cgtoggle(void) { return PyModule_Create(&module); }
