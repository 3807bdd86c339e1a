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
SWIG's dispatcher goes after a failed check (its `check_N:` labels), except after a candidate
whose checks are all of SWIG's number converters (`SWIG_AsVal_int(argv[0], NULL)`...), which
clear what they raise themselves: `twice(1.5)` past `twice(int)` saved the call, about 5% of it.
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


#: SWIG's converters of Python numbers that clear the error they caught (an int too large:
#: PyErr_Clear, SWIG_OverflowError); char's goes through text, which may leave one
CLEAN_CONVERTERS = ("int", "long", "long_SS_long", "short", "signed_SS_char", "unsigned_SS_int",
                    "unsigned_SS_long", "unsigned_SS_long_SS_long", "unsigned_SS_short",
                    "unsigned_SS_char", "size_t", "ptrdiff_t", "double", "float", "bool")
_CLEAN_CHECK = (r"    \{\n      \{\n        int res = SWIG_AsVal_(?:" + "|".join(CLEAN_CONVERTERS)
                + r")\(argv\[\d+\], NULL\);\n        _v = SWIG_CheckState\(res\);\n      \}\n    \}\n"
                r"    if \(!_v\) goto check_\d+;\n")
#: a candidate of SWIG's dispatcher whose every check is a clean converter's, ending where the
#: label after it starts
CLEAN_CANDIDATE = re.compile(r"  if \([^\n]*\) \{\n    int _v = 0;\n(?:" + _CLEAN_CHECK
                             + r")+    return _wrap_\w+\(self, argc, argv\);\n  \}\n\Z")
#: how far back a candidate may start (a candidate of 9 clean checks is about 1,500 characters)
_WINDOW = 4000


def clear_failed_checks(text: str) -> tuple[str, int]:
    """The wrapper with what a failed typecheck left cleared at each `check_N:` label (but after
    a candidate whose checks leave nothing: CLEAN_CANDIDATE)."""
    out: list[str] = []
    pos = count = 0
    for m in CHECK_LABEL.finditer(text):
        out.append(text[pos:m.end()])
        pos = m.end()
        window = text[max(0, m.start() - _WINDOW):m.start()]
        if CLEAN_CANDIDATE.search(window):
            continue
        out.append(CLEAR)
        count += 1
    out.append(text[pos:])
    return "".join(out), count


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
