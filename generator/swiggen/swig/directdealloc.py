"""directdealloc: a tp_dealloc that deletes the C++ object itself (post-processing of NAME_wrap.cxx).

SWIG's tp_dealloc of a wrapped class is a closure (`SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_X)`)
that calls the destructor *wrapper* `_wrap_delete_X(self, NULL)` when Python owns the object: the
wrapper converts `self` again (its type checks, its self cache), checks it is no read-only view,
returns None; the closure (objects.swg) saves the error state around it. About 80 of the ~130
instructions an owned object's dealloc costs (`c.clone()`, construct + destroy), for a
`delete arg1`.

For a destructor wrapper of exactly SWIG's plain shape (a `self` conversion, one
`swiggen_delete(arg1);` or `delete arg1;` in the exception guard: no director, no `nogil`, no
`%extend` destructor, no smart pointer), and named nowhere but by its closure, the closure line
becomes a function `_wrap_delete_X_swiggen_dealloc`, and the class's type object (its static
tp_dealloc field and its PyType_FromSpec slot) names it instead:

    SWIGINTERN void _wrap_delete_X_swiggen_dealloc(PyObject *a) {
      if (swiggen_dealloc_direct(a, SWIGTYPE_p_X)) {   /* objects.swg */
        X *arg1 = reinterpret_cast< X * >(((SwigPyObject *)a)->ptr);
        try { swiggen_delete(arg1); } catch (...) { ... reported as unraisable ... }
        swiggen_dealloc_free(a);
        return;
      }
      swiggen_dealloc_through_wrapper(_wrap_delete_X, "_wrap_delete_X", a);  /* as before */
    }

`swiggen_dealloc_direct` takes the direct path only in the common case, where the wrapper would
do exactly the delete: Python owns the object, it holds a pointer of the wrapper's own SWIG type
(so the wrapper's conversion would give that pointer unchanged), no weak reference, no SWIG dict
(no dependants to close first, no read-only flag), no error set (nothing to save), not a
`swiggen_destroy_now` (which deletes only). Everything else (a view, a subclass's object of
another SWIG type, a pending exception) goes through the closure as before. A destructor that
throws is reported as unraisable under the wrapper's name, as the wrapper's failure was.

The function keeps the shape of a wrapper function (`SWIGINTERN ... name(...) {` ... `}`), so a
split build (split.py) places it like one, with its class. Idempotent, linear in the text.
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END, Index, apply

#: the suffix of the function that replaces a closure (split.py keeps it with its wrapper)
SUFFIX = "_swiggen_dealloc"

_CLOSURE_LINE = re.compile(
    r"^SWIGPY_DESTRUCTOR_CLOSURE\((?P<w>_wrap_delete_\w+)\) "
    r"/\* defines (?P=w)_destructor_closure \*/[ \t]*\n", re.M)
#: the two places a class's type object names its tp_dealloc
_STATIC_SLOT = re.compile(r"(?P<name>\w+), +/\* tp_dealloc \*/")
_SPEC_SLOT = re.compile(r"\{ Py_tp_dealloc, +\(void \*\)\(destructor\) (?P<name>\w+) \}")

#: a destructor wrapper's body as SWIG writes it with swiggen's typemaps (freelists.py may have
#: made its `delete arg1;` `swiggen_delete(arg1);`)
_BODY = re.compile(
    r"\A(?:  try \{\n)?"
    r"  PyObject \*resultobj = 0;\n"
    r"  (?P<type>[\w:<>, ]+?) \*arg1 = 0 ;\n"
    r"  void \*argp1 = 0 ;\n"
    r"  int res1 = 0 ;\n"
    r"  \n"
    r"  if \(args && !SWIG_Python_UnpackTuple\(args, \"(?P<sym>\w+)\", 0, 0, 0\)\) SWIG_fail;\n"
    r"  \{\n    static swiggen_self_cache swiggen_self_cache_ = \{\n      0, 0, 0\n    \};\n"
    r"    res1 = swiggen_self_ptr_cached\(self, &argp1, (?P<desc>SWIGTYPE_\w+), "
    r"&swiggen_self_cache_\);\n  \}\n"
    r"  if \(!SWIG_IsOK\(res1\)\) \{\n    (?:SWIGGEN_ARG_FAIL|SWIG_exception_fail)\([^\n]*\);\n"
    r"  \}\n"
    r"  arg1 = reinterpret_cast< (?P=type) \* >\(argp1\);\n"
    r"  if \(!arg1\) \{\n    PyErr_SetString\(PyExc_ReferenceError,\n      \"[^\"\n]*\"\);\n"
    r"    SWIG_fail;\n  \}\n"
    r"(?:  if \(swiggen_refuse_const_self\(self, (?P=desc), \"(?P=sym)\"\) < 0\) SWIG_fail;\n)?"
    r"#ifdef SWIGGEN_CLOSES_(?P=sym)\n  swiggen_close_dependants\(self\);[^\n]*\n#endif\n"
    r"  \{\n    try \{\n      (?P<delete>swiggen_delete\(arg1\);|delete arg1;)\n"
    r"    \} catch \(const std::exception &e\) \{\n      swiggen_translate_std\(e\);\n"
    r"      SWIG_fail;\n"
    r"    \} catch \(\.\.\.\) \{\n      swiggen_translate\(\);\n      SWIG_fail;\n    \}\n  \}\n"
    r"  resultobj = SWIG_Py_Void\(\);\n"
    r"(?:  if \(resultobj != Py_None && [^\n]*\n)?"
    r"  return resultobj;\n"
    r"fail:\n"
    r"  return NULL;\n"
    r"(?:  \} catch \(\.\.\.\) \{ swiggen_translate\(\); return NULL; \}\n)?\Z")


def _function(wrapper: str, m: re.Match[str]) -> str:
    """The tp_dealloc replacing `wrapper`'s closure (`m`: its body's match)."""
    name = f'"{wrapper}"'
    return "".join([
        f"/* swiggen: {wrapper}'s tp_dealloc, deleting directly in the common case "
        "(directdealloc.py) */\n",
        f"SWIGINTERN void {wrapper}{SUFFIX}(PyObject *a) {{\n",
        f"#ifndef SWIGGEN_CLOSES_{m.group('sym')}\n",
        f"  if (swiggen_dealloc_direct(a, {m.group('desc')})) {{\n",
        f"    {m.group('type')} *arg1 = reinterpret_cast< {m.group('type')} * >("
        "((SwigPyObject *)a)->ptr);\n",
        "    try {\n",
        f"      {m.group('delete')}\n",
        "    } catch (const std::exception &e) {\n",
        "      swiggen_translate_std(e);\n",
        f"      swiggen_dealloc_raised({name});\n",
        "    } catch (...) {\n",
        "      swiggen_translate();\n",
        f"      swiggen_dealloc_raised({name});\n",
        "    }\n",
        "    swiggen_dealloc_free(a);\n",
        "    return;\n",
        "  }\n",
        "#endif\n",
        f"  swiggen_dealloc_through_wrapper({wrapper}, {name}, a);\n",
        "}\n",
    ])


def rewrite(text: str) -> tuple[str, int]:
    """`text` with every plain destructor wrapper's closure made a direct tp_dealloc; and how
    many."""
    if "swiggen_dealloc_direct" not in text:
        return text, 0  # the runtime (objects.swg) is not in this wrapper
    index = Index(text)
    edits: list[tuple[int, int, str]] = []
    done = 0
    for line in _CLOSURE_LINE.finditer(text):
        wrapper = line.group("w")
        closure = f"{wrapper}_destructor_closure"
        occurrences = index.occurrences(wrapper)
        definition = f"SWIGINTERN PyObject *{wrapper}(PyObject *self, PyObject *args) {{\n"
        starts = [at for at in occurrences if text.startswith(definition, at - len("SWIGINTERN "
                                                                                   "PyObject *"))]
        if len(occurrences) != 2 or len(starts) != 1:
            continue  # something else calls the wrapper, or it was defined otherwise
        body_at = starts[0] - len("SWIGINTERN PyObject *") + len(definition)
        end = BODY_END.search(text, body_at)
        shape = _BODY.match(text[body_at:end.start()]) if end else None
        if shape is None:
            continue
        uses = [at for at in index.occurrences(closure) if not line.start() <= at < line.end()]
        slots = []
        for at in uses:
            start = text.rfind("\n", 0, at) + 1
            m = _STATIC_SLOT.search(text, start, at + len(closure) + 20) or \
                _SPEC_SLOT.search(text, start, at + len(closure) + 4)
            if m is None or m.start("name") != at or m.group("name") != closure:
                break
            slots.append((at, at + len(closure), wrapper + SUFFIX))
        else:
            edits.append((line.start(), line.end(), _function(wrapper, shape)))
            edits += slots
            done += 1
    return (apply(text, edits) if edits else text), done
