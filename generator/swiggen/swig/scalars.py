"""scalars: SWIG's int and double conversions take the common case first (post-processing).

SWIG_AsVal_double reads a float with PyFloat_Check + PyFloat_AsDouble (a call that checks the
type again), and SWIG_AsVal_long (under every integer type's SWIG_AsVal_*) reads an int with
PyLong_AsLong and a PyErr_Occurred check, a few dozen instructions for a one-digit int. A
hand-written module reads an exact float's value directly (PyFloat_AS_DOUBLE), and CPython
itself reads a small int's value from the object (a "compact" int: one digit). Both fast paths
go first and return what SWIG's code returns for the same object, and so does the type check
that rejects other types (SWIG's functions return SWIG_TypeError for them unless
SWIG_PYTHON_CAST_MODE is defined, which is then left to them). Everything else (int and float
subclasses, large ints, the limited API) falls through to SWIG's code unchanged.

Two edge cases convert as Python converts them, not as SWIG does: an int for a double goes
through PyLong_AsDouble with its OverflowError kept (SWIG reports a too-large int as a wrong
type; `float(10**400)` is an OverflowError), and an empty str is no `char` (SWIG passes '\\0').
"""

from __future__ import annotations

#: SWIG's function (as its fragment writes it): its name, C type and the inlined fast path.
_CONVERSIONS = (
    ("SWIGINTERN int\nSWIG_AsVal_double (PyObject *obj, double *val)\n{\n", "double", """\
  if (PyFloat_CheckExact(obj)) {
    if (val) *val = PyFloat_AS_DOUBLE(obj);
    return SWIG_OK;
  }
  if (PyLong_Check(obj)) return swiggen_long_as_double(obj, val);
#ifndef SWIG_PYTHON_CAST_MODE
  if (!PyFloat_Check(obj)) return SWIG_TypeError;
#endif
"""),
    ("SWIGINTERN int\nSWIG_AsVal_long (PyObject *obj, long* val)\n{\n", "long", """\
  long v;
  if (swiggen_compact_long(obj, &v)) {
    if (val) *val = v;
    return SWIG_OK;
  }
#ifndef SWIG_PYTHON_CAST_MODE
  if (!PyLong_Check(obj)) return SWIG_TypeError;
#endif
"""),
    ("SWIGINTERN int\nSWIG_AsVal_char (PyObject * obj, char *val)\n{    \n", "char", """\
  if (PyUnicode_Check(obj) && PyUnicode_GET_LENGTH(obj) == 0) return SWIG_TypeError;  /* "" */
"""),
    ("SWIGINTERN int\nSWIG_AsVal_int (PyObject * obj, int *val)\n{\n", "int", """\
  long v;
  if (swiggen_compact_long(obj, &v)) {  /* |v| < 2**30: an int */
    if (val) *val = (int)v;
    return SWIG_OK;
  }
#ifndef SWIG_PYTHON_CAST_MODE
  if (!PyLong_Check(obj)) return SWIG_TypeError;
#endif
"""),
)

#: the helpers the inlined conversions call (swiggen_long_as_double: an int converts as float()
#: converts it; swiggen_compact_long: a one-digit int's value) are part of the swiggen_fastcall
#: fragment, interfaces/fastcall.swg, which SWIG emits before its conversions
_HELPERS = "SWIGINTERNINLINE int swiggen_compact_long(PyObject"


def plain_edits(text: str) -> list[tuple[int, int, str]]:
    """SWIG_AsVal_double, _long and _int become inline functions that try the fast path and
    otherwise call SWIG's function, renamed (so the fast path is inlined at every call site)."""
    edits: list[tuple[int, int, str]] = []
    helpers = text.find(_HELPERS)
    if helpers < 0:
        return edits  # not a wrapper swiggen's fragments went into
    for head, ctype, fast in _CONVERSIONS:
        at = text.find(head)
        end = text.find("\n}\n", at)
        name = head.split("\n")[1].split(" ")[0]  # SWIG_AsVal_double
        slow = f"swiggen_{name}_slow"
        if at < helpers or end < 0 or text.count(head) != 1 or slow in text:
            continue  # (a conversion before the helpers could not call them)
        named = at + len("SWIGINTERN int\n")
        edits.append((named, named + len(name) + 1, f"{slow} "))
        wrapper = "".join([
            f"\n\n/* swiggen: {name} with the common case inlined (scalars.py) */\n",
            f"SWIGINTERNINLINE int {name}(PyObject *obj, {ctype} *val) {{\n",
            fast,
            f"  return {slow}(obj, val);\n}}\n",
        ])
        edits.append((end + 3, end + 3, wrapper))
    return edits
