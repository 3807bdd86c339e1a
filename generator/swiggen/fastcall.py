"""fastcall: turn SWIG's keyword-argument wrappers into METH_FASTCALL|METH_KEYWORDS ones.

With `%feature("kwargs")` SWIG registers a wrapper as METH_VARARGS|METH_KEYWORDS and parses its
arguments with PyArg_ParseTupleAndKeywords: CPython packs the arguments into a tuple (and a dict
for keywords) and the parser walks a format string, on every call. SWIG has no vectorcall mode,
so `rewrite` post-processes NAME_wrap.cxx (a pure text -> text function, run after SWIG):

    SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *args, PyObject *kwargs) {
      ...
      if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:add", kwnames, &obj0, &obj1)) SWIG_fail;
    { "add", (PyCFunction)(void(*)(void))_wrap_add, METH_VARARGS|METH_KEYWORDS, "..."},

becomes a vectorcall entry point that hands the same `obj0, obj1` to SWIG's unchanged conversion
code, and a METH_FASTCALL|METH_KEYWORDS method-table entry:

    SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *const *swiggen_args,
                                   Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {
      ...
      if (!swiggen_fastargs(swiggen_args, ..., "add", kwnames, 2, 2, swiggen_argv)) SWIG_fail;

`swiggen_fastargs` (HELPER, inserted once before the first rewritten wrapper) matches positional
and keyword arguments the way PyArg_ParseTupleAndKeywords does for a format of plain `O`s, with its
checks and messages (too many arguments, a missing required one), except that an unexpected
keyword and one given by name and position too are reported first and as a Python function reports
them (`f() got an unexpected keyword argument 'x'`, `f() got multiple values for argument 'a'`),
and that functions are named by their Python names
(`Vector.add`, SWIGGEN_DISPLAY from interfaces/errors.swg). Without keywords and with a valid count
it is a copy of pointers.

The rewrite is conservative: a wrapper is left exactly as SWIG wrote it unless it has precisely
the shape above (the signature, one parse call with an all-`O` format whose outputs match the
`kwnames` table, `args`/`kwargs` used nowhere else) and its name appears nowhere but in its
definition and METH_VARARGS|METH_KEYWORDS method-table entries (a wrapper that a slot closure or
a type object calls with a tuple must keep its tuple signature). Rewriting is idempotent.

`rewrite` also runs `typeobjects.py`'s rewrites of the class setup (constructors through
tp_vectorcall and friends), `freelists.py`'s (construct + destroy without the allocator) and
`scalars.py`'s (int and double conversions with the common case inlined); they read SWIG's
shapes from `swigshapes.py`.
"""

from __future__ import annotations

import re
from pathlib import Path

from . import argerrors, directorfix, docsigs, freelists, scalars
from . import swigshapes as S
from . import typeobjects

#: The argument matcher the rewritten wrappers call; inserted once per wrapper file.
HELPER = r"""/* swiggen fastcall: METH_FASTCALL|METH_KEYWORDS argument matching (generator/swiggen/fastcall.py).
   The checks, their order and the messages are PyArg_ParseTupleAndKeywords's for a format of
   plain "O"s: `names` is SWIG's kwnames table, the first `required` arguments are required. */
#ifndef SWIGGEN_FASTARGS_DEFINED
#define SWIGGEN_FASTARGS_DEFINED
#ifndef SWIGGEN_DISPLAY /* the Python name of a SWIG symbol (interfaces/errors.swg) */
#define SWIGGEN_DISPLAY(symname) (symname)
#endif
static PyObject *swiggen_fastargs_find(PyObject *const *values, PyObject *kwnames,
                                       const char *name) {
  Py_ssize_t n = PyTuple_GET_SIZE(kwnames);
  for (Py_ssize_t k = 0; k < n; k++) {
    PyObject *key = PyTuple_GET_ITEM(kwnames, k);
    if (PyUnicode_Check(key) && PyUnicode_CompareWithASCIIString(key, name) == 0)
      return values[k];
  }
  return NULL;
}

/* On the error path only: an unknown keyword, else an argument given by position and by name,
   reported as a Python function reports them (and before a missing argument, as Python does).
   1 if it set an error. */
static int swiggen_fastargs_keyword_error(Py_ssize_t nargs, PyObject *kwnames,
                                          PyObject *const *values, const char *fname,
                                          char **names, int total) {
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; k++) {
    PyObject *key = PyTuple_GET_ITEM(kwnames, k);
    int match = 0;
    if (!PyUnicode_Check(key)) {
      PyErr_SetString(PyExc_TypeError, "keywords must be strings");
      return 1;
    }
    for (int i = 0; i < total && !match; i++)
      match = PyUnicode_CompareWithASCIIString(key, names[i]) == 0;
    if (!match) {
      PyErr_Format(PyExc_TypeError, "%.200s() got an unexpected keyword argument '%U'",
                   SWIGGEN_DISPLAY(fname), key);
      return 1;
    }
  }
  for (Py_ssize_t i = 0; nkw && i < nargs && i < total; i++) {
    if (swiggen_fastargs_find(values, kwnames, names[i])) {
      PyErr_Format(PyExc_TypeError, "%.200s() got multiple values for argument '%s'",
                   SWIGGEN_DISPLAY(fname), names[i]);
      return 1;
    }
  }
  return 0;
}

static int swiggen_fastargs_slow(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                 const char *fname, char **names, int required, int total,
                                 PyObject **out) {
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject *const *values = args + nargs;
  if (nargs + nkw > total) {
    PyErr_Format(PyExc_TypeError, "%.200s() takes at most %d %sargument%s (%zd given)",
                 SWIGGEN_DISPLAY(fname), total, nargs == 0 ? "keyword " : "",
                 total == 1 ? "" : "s", nargs + nkw);
    return 0;
  }
  Py_ssize_t left = nkw;
  for (int i = 0; i < total; i++) {
    PyObject *arg = NULL;
    if (i < nargs) {
      arg = args[i];
    } else if (left) {
      arg = swiggen_fastargs_find(values, kwnames, names[i]);
      if (arg) --left;
    }
    out[i] = arg;
    if (arg) continue;
    if (i < required) {
      if (swiggen_fastargs_keyword_error(nargs, kwnames, values, fname, names, total)) return 0;
      PyErr_Format(PyExc_TypeError, "%.200s() missing required argument '%s' (pos %d)",
                   SWIGGEN_DISPLAY(fname), names[i], i + 1);
      return 0;
    }
    if (!left) {
      for (int j = i + 1; j < total; j++) out[j] = NULL;
      return 1;
    }
  }
  if (left > 0) {  /* a keyword left over: unknown, or given by position too */
    if (!swiggen_fastargs_keyword_error(nargs, kwnames, values, fname, names, total))
      PyErr_Format(PyExc_TypeError, "%.200s(): invalid keyword arguments", SWIGGEN_DISPLAY(fname));
    return 0;
  }
  return 1;
}

static inline int swiggen_fastargs(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                   const char *fname, char **names, int required, int total,
                                   PyObject **out) {
  if (!kwnames && nargs >= required && nargs <= total) {
    for (int i = 0; i < total; i++) out[i] = i < nargs ? args[i] : NULL;
    return 1;
  }
  return swiggen_fastargs_slow(args, nargs, kwnames, fname, names, required, total, out);
}

/* Constructors (tp_init, always called with a tuple and a dict): 1 when the arguments are all
   positional and their number fits, copied to `out`; 0 means "let PyArg_ParseTupleAndKeywords
   decide" (keywords, a wrong count), so every other case keeps its checks and messages. */
static inline int swiggen_tupleargs(PyObject *args, PyObject *kwargs, int required, int total,
                                    PyObject **out) {
  if (!PyTuple_Check(args) || (kwargs && PyDict_GET_SIZE(kwargs) != 0)) return 0;
  Py_ssize_t n = PyTuple_GET_SIZE(args);
  if (n < required || n > total) return 0;
  for (int i = 0; i < total; i++) out[i] = i < n ? PyTuple_GET_ITEM(args, i) : NULL;
  return 1;
}

/* SWIG_Python_UnpackTuple for METH_FASTCALL overload dispatchers: the same checks and messages,
   the same result (the number of arguments + 1, or 0 with a TypeError set). */
static inline Py_ssize_t swiggen_fastunpack(PyObject *const *args, Py_ssize_t nargs,
                                            const char *name, Py_ssize_t min, Py_ssize_t max,
                                            PyObject **objs) {
  if (nargs < min || nargs > max) {
    Py_ssize_t n = nargs < min ? min : max;
    PyErr_Format(PyExc_TypeError, "%s() takes %s%d argument%s (%d given)", SWIGGEN_DISPLAY(name),
                 min == max ? "exactly " : nargs < min ? "at least " : "at most ", (int)n,
                 n == 1 ? "" : "s", (int)nargs);
    return 0;
  }
  Py_ssize_t i = 0;
  for (; i < nargs; ++i) objs[i] = args[i];
  for (Py_ssize_t j = nargs; j < max; ++j) objs[j] = 0;
  return i + 1;
}

""" + typeobjects.HELPER + freelists.POOL_HELPER + "#endif\n"

def rewrite(text: str) -> str:
    """NAME_wrap.cxx with every keyword wrapper of the expected shape made METH_FASTCALL."""
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) over `text`
    index = S.Index(text)  # every pass below is linear: wrapper names are looked up here
    for m in S.DEF.finditer(text):
        end = S.BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        new_body = _rewrite_body(body)
        tables = _only_table_references(index, m.group("name"), m.start())
        if new_body is None or not tables:
            continue
        header = text[m.start():m.end()].replace(
            "(PyObject *self, PyObject *args, PyObject *kwargs) {\n", S.SIGNATURE)
        edits.append((m.start(), end.start(), header + new_body))
        for at, t in tables:
            edits.append((at - len(S.CAST), t.end(), f"{S.CAST}{m.group('name')}, "
                          f"{t.group('static')}METH_FASTCALL|METH_KEYWORDS,"))
    edits += _dispatchers(text, index)
    edits += _constructors(text)
    edits += typeobjects.helper_edits(text, index) + freelists.helper_edits(text, index)
    if edits and "#define SWIGGEN_FASTARGS_DEFINED" not in text:
        first = S.ANY_WRAPPER.search(text)  # the helper goes before the first wrapper
        if first is None or first.start() > min(start for start, _, _ in edits):
            edits = []
        else:
            edits.append((first.start(), first.start(), HELPER + "\n"))
    edits += typeobjects.plain_edits(text) + freelists.plain_edits(text)  # no helper needed
    edits += scalars.plain_edits(text) + _no_argument_unpacks(text)
    if not edits:
        return freelists.value_results(text)
    edits.sort()
    out, pos = [], 0
    for begin, stop, new in edits:
        out += [text[pos:begin], new]
        pos = stop
    out.append(text[pos:])
    return freelists.value_results("".join(out))


def _constructors(text: str) -> list[tuple[int, int, str]]:
    """tp_init wrappers: plain positional calls skip PyArg_ParseTupleAndKeywords (kept for the rest)."""
    edits: list[tuple[int, int, str]] = []
    for m in S.INIT_DEF.finditer(text):
        end = S.BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        parses = list(S.PARSE.finditer(body))
        if len(parses) != 1 or len(S.KWNAMES.findall(body)) != 1 or "swiggen_tupleargs(" in body:
            continue
        p = parses[0]
        fmt = p.group("fmt")
        total = fmt.count("O")
        required = fmt.index("|") if "|" in fmt else total
        outs = p.group("outs").split(", &")[1:]
        if total == 0 or len(outs) != total:
            continue
        ind = p.group("indent")
        original = body[p.start():p.end()]
        fast = "".join([
            f"{ind}{{\n",
            f"{ind}  PyObject *swiggen_argv[{total}];\n",
            f"{ind}  if (swiggen_tupleargs(args, kwargs, {required}, {total}, swiggen_argv)) {{\n",
            f"{ind}    " + " ".join(f"{o} = swiggen_argv[{i}];" for i, o in enumerate(outs)) + "\n",
            f"{ind}  }} else {{\n",
            f"{ind}    " + original.lstrip(" \t"),
            f"{ind}  }}\n",
            f"{ind}}}\n",
        ])
        start = m.end() + p.start()
        edits.append((start, start + len(original), fast))
    return edits


def _dispatchers(text: str, index: S.Index) -> list[tuple[int, int, str]]:
    """Overload dispatchers (METH_VARARGS, SWIG_Python_UnpackTuple into argv) made METH_FASTCALL."""
    edits: list[tuple[int, int, str]] = []
    for m in S.DISPATCH_DEF.finditer(text):
        end = S.BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        unpacks = list(S.UNPACK.finditer(body))
        if len(unpacks) != 1:
            continue
        u = unpacks[0]
        if S.ARGS.search(body[:u.start()] + body[u.end():]):
            continue
        size = re.search(r"^[ \t]*PyObject \*argv\[(\d+)\] = \{", body, re.M)
        if not size or int(size.group(1)) < int(u.group("max")):
            continue
        name = m.group("name")
        entries = index.followed_by(name, S.DISPATCH_TABLE)
        allowed = {at for at, _ in entries} | {m.start() + len("SWIGINTERN PyObject *")}
        if not entries or any(r not in allowed for r in index.occurrences(name)):
            continue
        header = text[m.start():m.end()].replace("(PyObject *self, PyObject *args) {\n",
                                                 S.DISPATCH_SIGNATURE)
        new_body = (body[:u.start()] + f"{u.group('indent')}if (!(argc = swiggen_fastunpack("
                    f"swiggen_args, swiggen_nargs, \"{u.group('fname')}\", {u.group('min')}, "
                    f"{u.group('max')}, argv))) SWIG_fail;\n" + body[u.end():])
        edits.append((m.start(), end.start(), header + new_body))
        for at, e in entries:
            cast = text.startswith(S.CAST, at - len(S.CAST))
            edits.append((at - len(S.CAST) if cast else at, e.end(),
                          f"{S.CAST}{name}, {e.group('static')}METH_FASTCALL,"))
    return edits


_NO_ARGUMENTS = re.compile(
    r'^[ \t]*if \((?P<call>!SWIG_Python_UnpackTuple\(args, "\w+", 0, 0, 0\))\) SWIG_fail;\n'
    r'(?P<next>.*\n)', re.M)


def _no_argument_unpacks(text: str) -> list[tuple[int, int, str]]:
    """`if (!SWIG_Python_UnpackTuple(args, "f", 0, 0, 0)) SWIG_fail;` (a wrapper without
    arguments) checks `args` first: CPython passes NULL to METH_NOARGS methods, and SWIG's getter
    and tp_dealloc closures pass NULL too, for which SWIG_Python_UnpackTuple with no arguments
    allowed returns 1 after a call; a tuple still goes through it."""
    edits: list[tuple[int, int, str]] = []
    for m in _NO_ARGUMENTS.finditer(text):
        edits.append((m.start("call"), m.start("call"), "args && "))
    return edits


def _rewrite_body(body: str) -> str | None:
    """The wrapper's body with the tuple parser replaced, or None if it is not the usual shape."""
    parses = list(S.PARSE.finditer(body))
    kwnames = list(S.KWNAMES.finditer(body))
    if len(parses) != 1 or len(kwnames) != 1:
        return None
    p = parses[0]
    rest = body[:p.start()] + body[p.end():]
    if S.ARGS.search(rest):
        return None  # the body uses the tuple or the dict itself
    fmt = p.group("fmt")
    total = fmt.count("O")
    required = fmt.index("|") if "|" in fmt else total
    outs = p.group("outs").split(", &")[1:]
    if total == 0 or len(outs) != total or kwnames[0].group("names").count("(char *)") != total:
        return None
    ind = p.group("indent")
    lines = [
        f"{ind}{{\n",
        f"{ind}  PyObject *swiggen_argv[{total}];\n",
        f"{ind}  if (!swiggen_fastargs(swiggen_args, swiggen_nargs, swiggen_kwnames, "
        f"\"{p.group('fname')}\", kwnames, {required}, {total}, swiggen_argv)) SWIG_fail;\n",
        f"{ind}  " + " ".join(f"{o} = swiggen_argv[{i}];" for i, o in enumerate(outs)) + "\n",
        f"{ind}}}\n",
    ]
    return body[:p.start()] + "".join(lines) + body[p.end():]


def _only_table_references(index: S.Index, name: str,
                           definition: int) -> list[tuple[int, re.Match[str]]]:
    """The keyword method-table entries of `name` (where its name starts, and the rest of the
    entry), if it has some and appears nowhere else than in them and its definition; else []."""
    text = index.text
    tables = [(at, t) for at, t in index.followed_by(name, S.TABLE)
              if text.startswith(S.CAST, at - len(S.CAST))]
    allowed = {at for at, _ in tables} | {definition + len("SWIGINTERN PyObject *")}
    if any(at not in allowed for at in index.occurrences(name)):
        return []
    return tables


def rewrite_file(path: Path) -> bool:
    """Rewrite a NAME_wrap.cxx in place (bytes that are not UTF-8 survive). True if changed."""
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    new, _ = docsigs.rewrite(rewrite(text))
    new, _ = argerrors.rewrite(new)
    new, _, _ = directorfix.rewrite(new)  # overridable virtuals (directors.swg)
    if new != text:
        path.write_bytes(new.encode("utf-8", "surrogateescape"))
    return new != text
