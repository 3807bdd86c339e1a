"""scalars: SWIG's int and double conversions take the common case first (post-processing).

SWIG_AsVal_double reads a float with PyFloat_Check + PyFloat_AsDouble (a call that checks the
type again), and SWIG_AsVal_long (under every integer type's SWIG_AsVal_*) reads an int with
PyLong_AsLong and a PyErr_Occurred check, a few dozen instructions for a one-digit int. A
hand-written module reads an exact float's value directly (PyFloat_AS_DOUBLE), and CPython
itself reads a small int's value from the object (a "compact" int: one digit). Both fast paths
go first and return what SWIG's code returns for the same object; everything else (int and float
subclasses, large ints, other types, the limited API) falls through to SWIG's code unchanged.
"""

from __future__ import annotations

_DOUBLE = "SWIGINTERN int\nSWIG_AsVal_double (PyObject *obj, double *val)\n{\n"
_DOUBLE_FAST = """\
  if (PyFloat_CheckExact(obj)) {
    if (val) *val = PyFloat_AS_DOUBLE(obj);
    return SWIG_OK;
  }
"""
_LONG = "SWIGINTERN int\nSWIG_AsVal_long (PyObject *obj, long* val)\n{\n"
_LONG_FAST = """\
#if !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x030C0000
  if (PyLong_CheckExact(obj) && PyUnstable_Long_IsCompact((PyLongObject *)obj)) {
    if (val) *val = (long)PyUnstable_Long_CompactValue((PyLongObject *)obj);
    return SWIG_OK;
  }
#elif !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x030B0000
  /* 3.11: ob_size is the signed number of 30-bit digits; a compact int has at most one */
  if (PyLong_CheckExact(obj) && Py_SIZE(obj) >= -1 && Py_SIZE(obj) <= 1) {
    if (val) *val = (long)Py_SIZE(obj) * (long)((PyLongObject *)obj)->ob_digit[0];
    return SWIG_OK;
  }
#endif
"""


def plain_edits(text: str) -> list[tuple[int, int, str]]:
    """SWIG_AsVal_double and SWIG_AsVal_long become inline functions that try the fast path and
    otherwise call SWIG's function, renamed (so the fast path is inlined at every call site)."""
    edits: list[tuple[int, int, str]] = []
    for head, fast in ((_DOUBLE, _DOUBLE_FAST), (_LONG, _LONG_FAST)):
        at = text.find(head)
        end = text.find("\n}\n", at)
        if at < 0 or end < 0 or text.count(head) != 1:
            continue
        name = head.split("\n")[1].split(" ")[0]  # SWIG_AsVal_double
        params = head.split("\n")[1][len(name) + 1:]  # (PyObject *obj, double *val)
        slow = f"swiggen_{name}_slow"
        if slow in text:
            continue
        value = params.split(",")[1].strip().rstrip(")").replace("* val", " *val")
        ctype = value[:-len("*val")].strip()
        named = at + len("SWIGINTERN int\n")
        edits.append((named, named + len(name) + 1,
                      f"{slow} "))  # swiggen: scalars.py
        wrapper = "".join([
            f"\n\n/* swiggen: {name} with the common case inlined (scalars.py) */\n",
            f"SWIGINTERNINLINE int {name}(PyObject *obj, {ctype} *val) {{\n",
            fast,
            f"  return {slow}(obj, val);\n}}\n",
        ])
        edits.append((end + 3, end + 3, wrapper))
    return edits
