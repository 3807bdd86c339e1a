"""methodo: module functions of one positional parameter called as METH_O (post-processing).

fastcall.py registers every function METH_FASTCALL|METH_KEYWORDS, so that keywords work. For a
call with one positional argument and no keywords CPython's interpreter then spends about 27
instructions more than for a METH_O function (its specialized call of a METH_O builtin passes
the argument straight through), which is most of what `twice(1.5)` or `sum(array)` costs beyond
a hand-written C-API module.

For a module function whose wrapper takes at most one positional argument (a plain wrapper whose
`swiggen_fastargs` allows one, or an overload dispatcher whose `swiggen_fastunpack` does), this
pass writes, after the module's method table (unit 0 of a split build, where the table is):

    SWIGINTERN PyObject *_wrap_f_swiggen_o(PyObject *self, PyObject *arg) {
      return _wrap_f(self, &arg, 1, NULL);                  /* f(x): the METH_O call */
    }
    SWIGINTERN PyObject *_wrap_f_swiggen_vc(PyObject *f, PyObject *const *args, size_t n,
                                            PyObject *kwnames) {
      return _wrap_f(PyCFunction_GET_SELF(f), args, PyVectorcall_NARGS(n), kwnames);
    }

and a table of them that the module's initialisation hands to `swiggen_meth_o_install`
(interfaces/python/fastcall.swg): it makes the function's method-table entry METH_O with the
first, and sets the function object's vectorcall to the second, so that every other call (a
keyword, no argument, two) reaches the wrapper as before, with its messages. The table entry
itself is not rewritten; nothing changes under PyPy or the limited API, where the table is not
compiled. Idempotent, linear in the text.
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END

#: the module's method table, and its end
_TABLE_START = "\nstatic PyMethodDef SwigMethods[] = {\n"
_TABLE_END = re.compile(r"^\t \{ NULL, NULL, 0, NULL \}\n\};\n", re.M)
#: a module function's entry
_ENTRY = re.compile(r'^\t \{ "(?P<py>\w+)", \(PyCFunction\)\(void\(\*\)\(void\)\)(?P<w>_wrap_\w+), '
                    r"METH_FASTCALL\|METH_KEYWORDS,", re.M)
#: the wrapper's argument intake: at most one positional argument
_PLAIN = re.compile(r'swiggen_fastargs\(swiggen_args, swiggen_nargs, swiggen_kwnames, "\w+", '
                    r"kwnames, [01], 1, swiggen_argv\)")
_DISPATCH = re.compile(r'swiggen_fastunpack\(swiggen_args, swiggen_nargs, "\w+", [01], 1, argv\)')
#: what the pass writes (found again: a second run changes nothing)
MARK = "#define SWIGGEN_METH_O_TABLE swiggen_meth_o_table\n"


def _body(text: str, name: str) -> str | None:
    m = re.search(r"^SWIGINTERN PyObject \*" + re.escape(name) +
                  r"\(PyObject \*self, PyObject \*const \*swiggen_args, Py_ssize_t swiggen_nargs, "
                  r"PyObject \*swiggen_kwnames\) \{\n", text, re.M)
    if m is None:
        return None
    end = BODY_END.search(text, m.end())
    return None if end is None else text[m.end():end.start()]


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper with the METH_O shims and their table after the module's method table, and
    how many functions have them."""
    if MARK in text:
        return text, 0
    start = text.find(_TABLE_START)
    if start < 0:
        return text, 0
    end = _TABLE_END.search(text, start)
    if end is None:
        return text, 0
    names: list[str] = []
    for m in _ENTRY.finditer(text, start, end.start()):
        w = m.group("w")
        body = _body(text, w)
        if body is None or w in names:
            continue
        if _PLAIN.search(body) or _DISPATCH.search(body):
            names.append(w)
    if not names:
        return text, 0
    out = ["/* swiggen: module functions of one positional parameter called as METH_O "
           "(methodo.py) */\n",
           "#if !defined(PYPY_VERSION) && !defined(Py_LIMITED_API) && PY_VERSION_HEX >= 0x03090000\n"]
    for w in names:
        out += [f"SWIGINTERN PyObject *{w}_swiggen_o(PyObject *self, PyObject *arg) {{\n",
                f"  return {w}(self, &arg, 1, NULL);\n",
                "}\n",
                f"SWIGINTERN PyObject *{w}_swiggen_vc(PyObject *f, PyObject *const *args, "
                "size_t n, PyObject *kwnames) {\n",
                f"  return {w}(PyCFunction_GET_SELF(f), args, PyVectorcall_NARGS(n), kwnames);\n",
                "}\n"]
    out.append("static const swiggen_meth_o swiggen_meth_o_table[] = {\n")
    out += [f"  {{(PyCFunction)(void(*)(void)){w}, {w}_swiggen_o, {w}_swiggen_vc}},\n"
            for w in names]
    out += ["};\n", MARK, "#endif\n"]
    return text[:end.end()] + "".join(out) + text[end.end():], len(names)
