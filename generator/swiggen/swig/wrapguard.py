"""wrapguard: no C++ exception leaves a wrapper function, whichever part of it throws; and no
Python error of a failed overload check is left behind.

`%exception` (interfaces/python/exceptions.swg) puts its try/catch around the wrapped call
(`$action`) only. The typemaps' code around it runs outside: converting an argument (a list into
a `std::vector`), a result (a `std::vector<bool>` of a size the callee got wrong into a numpy
array), an out parameter or a container item can throw too (`std::bad_alloc`,
`std::length_error`, an item type's own copy constructor), and an exception that leaves a wrapper
unwinds into Python's C frames: `terminate called after throwing ...`, the interpreter aborts.

So, after every other rewrite (the shapes they read are unchanged), each wrapper function of
SWIG's two shapes, `SWIGINTERN PyObject *_wrap_X(...) {` and `SWIGINTERN int _wrap_X(...) {`
(tp_init), gets its body in a try block whose handler translates what escaped, as the call's
handler does (`swiggen_translate`: the module's exception classes, then the standard ones), and
returns the wrapper's error value:

    SWIGINTERN PyObject *_wrap_mask(PyObject *self, ...) {
      try {
      ... SWIG's body, unchanged ...
      } catch (...) { swiggen_translate(); return NULL; }
    }

The block costs nothing until something throws (table-driven unwinding). Labels and `goto fail`
stay inside the one block. A locked GIL is restored by the unwinding itself (`swiggen_nogil` is a
scope object). The text keeps every shape later passes and the split (split.py) read: a wrapper
still starts with `... ) {` and ends at `}` in column 0. Idempotent, linear in the text.

An overload dispatcher tries its candidates' typechecks in turn, and a check that fails may leave
the converter's Python error set: `SWIG_AsCharPtrAndSize` given a str with a lone surrogate sets
a UnicodeEncodeError, and when the next candidate (a `wchar_t *` overload) takes the str, the
call returns a result with an exception set (SystemError). `clear_failed_checks` clears it where
SWIG's dispatcher goes after a failed check (its `check_N:` labels).
"""

from __future__ import annotations

import re

from .swigshapes import BODY_END

#: a wrapper function's first line: its return type decides its error value
WRAPPER = re.compile(r"^SWIGINTERN (?P<ret>PyObject \*|int )_wrap_\w+\([^\n;{}]*\) \{\n", re.M)
#: what the pass writes (and finds again, so a second run changes nothing)
OPEN = "  try {\n"
CATCH = "  }} catch (...) {{ swiggen_translate(); return {error}; }}\n"
#: the translator it calls is the module's (exceptions.swg); without it nothing is rewritten
TRANSLATOR = "SWIGINTERN void swiggen_translate(void);"


#: where a dispatcher goes when a candidate's typecheck fails
CHECK_LABEL = re.compile(r"^check_\d+:\n(?!  if \(PyErr_Occurred\(\)\))", re.M)
CLEAR = "  if (PyErr_Occurred()) PyErr_Clear();  /* a failed typecheck's (wrapguard.py) */\n"


def clear_failed_checks(text: str) -> tuple[str, int]:
    """The wrapper with what a failed typecheck left cleared at each `check_N:` label."""
    count = 0

    def clear(m: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return m.group(0) + CLEAR

    return CHECK_LABEL.sub(clear, text), count


def rewrite(text: str) -> tuple[str, int]:
    """The wrapper with every wrapper function's body guarded, and how many were."""
    if TRANSLATOR not in text:
        return text, 0
    out: list[str] = []
    pos = 0
    count = 0
    for m in WRAPPER.finditer(text):
        if m.start() < pos:
            continue
        end = BODY_END.search(text, m.end())
        if end is None:
            break
        body = text[m.end():end.start()]
        nested = WRAPPER.search(body)
        if body.startswith(OPEN) or nested is not None:
            continue  # already guarded; or no end of its own (left as SWIG wrote it)
        error = "NULL" if m.group("ret") == "PyObject *" else "-1"
        out += [text[pos:m.end()], OPEN, body, CATCH.format(error=error)]
        pos = end.start()
        count += 1
    out.append(text[pos:])
    return "".join(out), count
