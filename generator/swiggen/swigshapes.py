"""swigshapes: the text shapes of SWIG's Python wrappers that swiggen's post-processing knows.

`fastcall.py` (functions, methods, overload dispatchers), `typeobjects.py` (constructors,
destructors, type setup), `freelists.py` (construct + destroy) and `scalars.py` (conversions)
rewrite NAME_wrap.cxx only where it matches these patterns (or their own) exactly, so a SWIG
release that writes something else leaves the file as SWIG wrote it.
"""

from __future__ import annotations

import re

DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_\w+)"
    r"\(PyObject \*self, PyObject \*args, PyObject \*kwargs\) \{\n", re.M)
BODY_END = re.compile(r"^\}\n", re.M)
PARSE = re.compile(
    r'^(?P<indent>[ \t]*)if \(!PyArg_ParseTupleAndKeywords\(args, kwargs, '
    r'"(?P<fmt>O*(?:\|O*)?):(?P<fname>\w+)", kwnames(?P<outs>(?:, &\w+)*)\)\) SWIG_fail;\n',
    re.M)
KWNAMES = re.compile(
    r'^[ \t]*char \* kwnames\[\] = \{\n[ \t]*(?P<names>(?:\(char \*\)"\w+",[ \t]*)*)NULL[ \t]*\n'
    r'[ \t]*\};\n', re.M)
ARGS = re.compile(r"\b(?:args|kwargs)\b")
TABLE = r"(\(PyCFunction\)\(void\(\*\)\(void\)\){name}, (?:METH_STATIC\|)?)METH_VARARGS\|METH_KEYWORDS,"
ANY_WRAPPER = re.compile(r"^SWIGINTERN [\w ]+\*?_wrap_\w+\(", re.M)
INIT_DEF = re.compile(
    r"^SWIGINTERN int (?P<name>_wrap_new_\w+)"
    r"\(PyObject \*self, PyObject \*args, PyObject \*kwargs\) \{\n", re.M)
DISPATCH_DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_\w+)\(PyObject \*self, PyObject \*args\) \{\n", re.M)
UNPACK = re.compile(
    r'^(?P<indent>[ \t]*)if \(!\(argc = SWIG_Python_UnpackTuple\(args, "(?P<fname>\w+)", '
    r'(?P<min>\d+), (?P<max>\d+), argv\)\)\) SWIG_fail;\n', re.M)
DISPATCH_TABLE = (r"(?P<cast>(?:\(PyCFunction\)\(void\(\*\)\(void\)\))?){name}, "
                   r"(?P<static>(?:METH_STATIC\|)?)METH_VARARGS,")
DISPATCH_SIGNATURE = ("(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs) "
                       "{\n")
SIGNATURE = ("(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, "
              "PyObject *swiggen_kwnames) {\n")

