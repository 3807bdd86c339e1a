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

The C is in interfaces/python/fastcall.swg (SWIGGEN_INLINE_SWIG_AsVal_double, ...); the text edits
are a rename of SWIG's function (to swiggen_SWIG_AsVal_double_slow) and the one line that
defines the inline function after it. SWIG's own fragment cannot be replaced instead: the
library's definition comes first and is the one SWIG keeps, and its slow path stays SWIG's.
"""

from __future__ import annotations

#: SWIG's functions, as its fragments write them: each is renamed swiggen_NAME_slow and followed
#: by SWIGGEN_INLINE_NAME, the inline NAME with the fast path (interfaces/python/fastcall.swg)
_CONVERSIONS = (
    "SWIGINTERN int\nSWIG_AsVal_double (PyObject *obj, double *val)\n{\n",
    "SWIGINTERN int\nSWIG_AsVal_long (PyObject *obj, long* val)\n{\n",
    "SWIGINTERN int\nSWIG_AsVal_char (PyObject * obj, char *val)\n{    \n",
    "SWIGINTERN int\nSWIG_AsVal_int (PyObject * obj, int *val)\n{\n",
)

#: the helpers and the inline functions (swiggen_long_as_double: an int converts as float()
#: converts it; swiggen_compact_long: a one-digit int's value; SWIGGEN_INLINE_*) are part of the
#: swiggen_fastcall fragment, interfaces/python/fastcall.swg, which SWIG emits before its conversions
_HELPERS = "SWIGINTERNINLINE int swiggen_compact_long(PyObject"


def plain_edits(text: str) -> list[tuple[int, int, str]]:
    """SWIG_AsVal_double, _long and _int become inline functions that try the fast path and
    otherwise call SWIG's function, renamed (so the fast path is inlined at every call site)."""
    edits: list[tuple[int, int, str]] = []
    helpers = text.find(_HELPERS)
    if helpers < 0:
        return edits  # not a wrapper swiggen's fragments went into
    for head in _CONVERSIONS:
        at = text.find(head)
        end = text.find("\n}\n", at)
        name = head.split("\n")[1].split(" ")[0]  # SWIG_AsVal_double
        slow = f"swiggen_{name}_slow"  # (its name is in the fragment's SWIGGEN_INLINE_NAME too)
        if at < helpers or end < 0 or text.count(head) != 1:
            continue  # (a conversion before the helpers could not call them)
        named = at + len("SWIGINTERN int\n")
        edits.append((named, named + len(name) + 1, f"{slow} "))
        use = f"\n\n/* swiggen: {name} with the common case inlined (scalars.py) */\n"
        edits.append((end + 3, end + 3, f"{use}SWIGGEN_INLINE_{name}\n"))
    return edits
