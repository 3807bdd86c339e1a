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
and keyword arguments the way PyArg_ParseTupleAndKeywords does for a format of plain `O`s, with the
same checks in the same order and CPython's messages (too many arguments, a missing required one,
one given by name and position, an unexpected keyword). Without keywords and with a valid count it
is a copy of pointers.

The rewrite is conservative: a wrapper is left exactly as SWIG wrote it unless it has precisely
the shape above (the signature, one parse call with an all-`O` format whose outputs match the
`kwnames` table, `args`/`kwargs` used nowhere else) and its name appears nowhere but in its
definition and METH_VARARGS|METH_KEYWORDS method-table entries (a wrapper that a slot closure or
a type object calls with a tuple must keep its tuple signature). Rewriting is idempotent.
"""

from __future__ import annotations

import re
from pathlib import Path

#: The argument matcher the rewritten wrappers call; inserted once per wrapper file.
HELPER = r"""/* swiggen fastcall: METH_FASTCALL|METH_KEYWORDS argument matching (generator/swiggen/fastcall.py).
   The checks, their order and the messages are PyArg_ParseTupleAndKeywords's for a format of
   plain "O"s: `names` is SWIG's kwnames table, the first `required` arguments are required. */
#ifndef SWIGGEN_FASTARGS_DEFINED
#define SWIGGEN_FASTARGS_DEFINED
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

static int swiggen_fastargs_slow(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                 const char *fname, char **names, int required, int total,
                                 PyObject **out) {
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject *const *values = args + nargs;
  if (nargs + nkw > total) {
    PyErr_Format(PyExc_TypeError, "%.200s() takes at most %d %sargument%s (%zd given)", fname,
                 total, nargs == 0 ? "keyword " : "", total == 1 ? "" : "s", nargs + nkw);
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
      PyErr_Format(PyExc_TypeError, "%.200s() missing required argument '%s' (pos %d)", fname,
                   names[i], i + 1);
      return 0;
    }
    if (!left) {
      for (int j = i + 1; j < total; j++) out[j] = NULL;
      return 1;
    }
  }
  if (left > 0) {
    for (Py_ssize_t i = 0; i < nargs; i++) {
      if (swiggen_fastargs_find(values, kwnames, names[i])) {
        PyErr_Format(PyExc_TypeError,
                     "argument for %.200s() given by name ('%s') and position (%d)", fname,
                     names[i], (int)(i + 1));
        return 0;
      }
    }
    for (Py_ssize_t k = 0; k < nkw; k++) {
      PyObject *key = PyTuple_GET_ITEM(kwnames, k);
      int match = 0;
      if (!PyUnicode_Check(key)) {
        PyErr_SetString(PyExc_TypeError, "keywords must be strings");
        return 0;
      }
      for (int i = 0; i < total && !match; i++)
        match = PyUnicode_CompareWithASCIIString(key, names[i]) == 0;
      if (!match) {
        PyErr_Format(PyExc_TypeError, "'%U' is an invalid keyword argument for %.200s()", key,
                     fname);
        return 0;
      }
    }
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
    PyErr_Format(PyExc_TypeError, "%s expected %s%d arguments, got %d", name,
                 min == max ? "" : nargs < min ? "at least " : "at most ",
                 (int)(nargs < min ? min : max), (int)nargs);
    return 0;
  }
  Py_ssize_t i = 0;
  for (; i < nargs; ++i) objs[i] = args[i];
  for (Py_ssize_t j = nargs; j < max; ++j) objs[j] = 0;
  return i + 1;
}

/* Calling a wrapped class. CPython calls a type through type_call (an argument tuple, tp_new, then
   tp_init with that tuple and a dict) unless the metatype supports vectorcall and the type has a
   tp_vectorcall. SWIG's metatype (one static copy per module) is type's subclass without the
   flag: swiggen_enable_type_vectorcall gives it type's own vectorcall offset, so a type whose
   tp_vectorcall is set (the exact wrapped classes with a fast constructor; the field is never
   inherited, so Python subclasses keep type_call and their __init__) is called directly, and any
   other keeps type_call. */
static void swiggen_enable_type_vectorcall(PyTypeObject *meta) {
#if PY_VERSION_HEX >= 0x03090000 && !defined(Py_LIMITED_API)
  if (!PyType_HasFeature(meta, Py_TPFLAGS_HAVE_VECTORCALL) && meta->tp_call == PyType_Type.tp_call) {
    meta->tp_vectorcall_offset = offsetof(PyTypeObject, tp_vectorcall);
    meta->tp_flags |= Py_TPFLAGS_HAVE_VECTORCALL;
  }
#else
  (void)meta;
#endif
}

/* The general case of calling a type from a vectorcall: exactly what type_call does (keywords, a
   wrong argument count, a tp_new of someone else's), from a tuple and a dict. */
static PyObject *swiggen_type_call(PyObject *type, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames) {
  PyObject *tuple = PyTuple_New(nargs), *kwargs = NULL, *result = NULL;
  if (!tuple) return NULL;
  for (Py_ssize_t i = 0; i < nargs; ++i) {
    Py_INCREF(args[i]);
    PyTuple_SET_ITEM(tuple, i, args[i]);
  }
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nkw) {
    kwargs = PyDict_New();
    for (Py_ssize_t k = 0; kwargs && k < nkw; ++k) {
      if (PyDict_SetItem(kwargs, PyTuple_GET_ITEM(kwnames, k), args[nargs + k]) < 0)
        Py_CLEAR(kwargs);
    }
    if (!kwargs) goto done;
  }
  result = Py_TYPE(type)->tp_call(type, tuple, kwargs);
done:
  Py_DECREF(tuple);
  Py_XDECREF(kwargs);
  return result;
}

/* The fast case: positional arguments of a valid count, the exact class, and a tp_new that only
   allocates (SWIG's static types get PyType_GenericNew, its heap types inherit object.__new__,
   which for a type with its own tp_init ignores the arguments): allocate as they do and run the
   constructor twin. */
typedef int (*swiggen_init_twin)(PyObject *self, PyObject *const *args, Py_ssize_t nargs);
static inline PyObject *swiggen_type_vectorcall(PyObject *type, PyObject *const *args,
                                                size_t nargsf, PyObject *kwnames,
                                                Py_ssize_t required, Py_ssize_t total,
                                                swiggen_init_twin init) {
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  PyTypeObject *tp = (PyTypeObject *)type;
  if ((kwnames && PyTuple_GET_SIZE(kwnames)) || nargs < required || nargs > total ||
      (tp->tp_new != PyType_GenericNew && tp->tp_new != PyBaseObject_Type.tp_new) ||
      PyType_HasFeature(tp, Py_TPFLAGS_IS_ABSTRACT))
    return swiggen_type_call(type, args, nargs, kwnames);
  PyObject *self = tp->tp_alloc(tp, 0);
  if (!self) return NULL;
  if (init(self, args, nargs) < 0) {
    Py_DECREF(self);
    return NULL;
  }
  return self;
}
#endif
"""

_DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_\w+)"
    r"\(PyObject \*self, PyObject \*args, PyObject \*kwargs\) \{\n", re.M)
_BODY_END = re.compile(r"^\}\n", re.M)
_PARSE = re.compile(
    r'^(?P<indent>[ \t]*)if \(!PyArg_ParseTupleAndKeywords\(args, kwargs, '
    r'"(?P<fmt>O*(?:\|O*)?):(?P<fname>\w+)", kwnames(?P<outs>(?:, &\w+)*)\)\) SWIG_fail;\n',
    re.M)
_KWNAMES = re.compile(
    r'^[ \t]*char \* kwnames\[\] = \{\n[ \t]*(?P<names>(?:\(char \*\)"\w+",[ \t]*)*)NULL[ \t]*\n'
    r'[ \t]*\};\n', re.M)
_ARGS = re.compile(r"\b(?:args|kwargs)\b")
_TABLE = r"(\(PyCFunction\)\(void\(\*\)\(void\)\){name}, (?:METH_STATIC\|)?)METH_VARARGS\|METH_KEYWORDS,"
_ANY_WRAPPER = re.compile(r"^SWIGINTERN [\w ]+\*?_wrap_\w+\(", re.M)
_INIT_DEF = re.compile(
    r"^SWIGINTERN int (?P<name>_wrap_new_\w+)"
    r"\(PyObject \*self, PyObject \*args, PyObject \*kwargs\) \{\n", re.M)
_DISPATCH_DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_\w+)\(PyObject \*self, PyObject \*args\) \{\n", re.M)
_UNPACK = re.compile(
    r'^(?P<indent>[ \t]*)if \(!\(argc = SWIG_Python_UnpackTuple\(args, "(?P<fname>\w+)", '
    r'(?P<min>\d+), (?P<max>\d+), argv\)\)\) SWIG_fail;\n', re.M)
_DISPATCH_TABLE = (r"(?P<cast>(?:\(PyCFunction\)\(void\(\*\)\(void\)\))?){name}, "
                   r"(?P<static>(?:METH_STATIC\|)?)METH_VARARGS,")
_DISPATCH_SIGNATURE = ("(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs) "
                       "{\n")
_SIGNATURE = ("(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs, "
              "PyObject *swiggen_kwnames) {\n")


def rewrite(text: str) -> str:
    """NAME_wrap.cxx with every keyword wrapper of the expected shape made METH_FASTCALL."""
    edits: list[tuple[int, int, str]] = []  # (start, end, replacement) over `text`
    names: list[str] = []
    for m in _DEF.finditer(text):
        end = _BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        new_body = _rewrite_body(body)
        if new_body is None or not _only_table_references(text, m.group("name"), m.start()):
            continue
        header = text[m.start():m.end()].replace(
            "(PyObject *self, PyObject *args, PyObject *kwargs) {\n", _SIGNATURE)
        edits.append((m.start(), end.start(), header + new_body))
        names.append(m.group("name"))
    for name in names:
        for t in re.finditer(_TABLE.format(name=re.escape(name)), text):
            edits.append((t.start(), t.end(), t.group(1) + "METH_FASTCALL|METH_KEYWORDS,"))
    edits += _dispatchers(text)
    edits += _constructors(text)
    edits += _type_vectorcalls(text)
    if edits and "#define SWIGGEN_FASTARGS_DEFINED" not in text:
        first = _ANY_WRAPPER.search(text)  # the helper goes before the first wrapper
        if first is None or first.start() > min(start for start, _, _ in edits):
            edits = []
        else:
            edits.append((first.start(), first.start(), HELPER + "\n"))
    edits += _destructors(text) + _no_instance_dicts(text) + _dealloc_type_reference(text)
    if not edits:
        return text
    edits.sort()
    out, pos = [], 0
    for begin, stop, new in edits:
        out += [text[pos:begin], new]
        pos = stop
    out.append(text[pos:])
    return "".join(out)


def _constructors(text: str) -> list[tuple[int, int, str]]:
    """tp_init wrappers: plain positional calls skip PyArg_ParseTupleAndKeywords (kept for the rest)."""
    edits: list[tuple[int, int, str]] = []
    for m in _INIT_DEF.finditer(text):
        end = _BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        parses = list(_PARSE.finditer(body))
        if len(parses) != 1 or len(_KWNAMES.findall(body)) != 1 or "swiggen_tupleargs(" in body:
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


_NO_KEYWORDS = re.compile(
    r'^[ \t]*if \(!SWIG_Python_CheckNoKeywords\(kwargs, "\w+"\)\) SWIG_fail;\n', re.M)
_TWIN_SIGNATURE = "(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs) {\n"
_VECTORCALL_SLOT = re.compile(r"^(?P<indent>[ \t]*)\(vectorcallfunc\) 0,[ \t]*/\* tp_vectorcall \*/\n",
                              re.M)
_METATYPE = "  metatype = SwigPyObjectType_Type();\n"
_SET_METATYPE = re.compile(r"^(?P<indent>[ \t]*)SwigPyBuiltin_SetMetaType\(pytype, type\);\n", re.M)


def _type_vectorcalls(text: str) -> list[tuple[int, int, str]]:
    """A tp_vectorcall per wrapped class whose constructor wrapper has a known shape.

    Next to SWIG's `_wrap_new_X` (tp_init, kept for Python subclasses and for keyword calls) goes
    a twin taking the positional arguments as an array, and `_wrap_new_X_swiggen_vectorcall`,
    which the class's static type object gets as tp_vectorcall; the module's metatype is given
    vectorcall support (HELPER: swiggen_enable_type_vectorcall)."""
    edits: list[tuple[int, int, str]] = []
    if _METATYPE not in text:
        return edits
    for m in _INIT_DEF.finditer(text):
        name = m.group("name")
        end = _BODY_END.search(text, m.end())
        if end is None or f"{name}_swiggen_twin(" in text:
            continue
        shape = _twin_body(text[m.end():end.start()])
        if shape is None:
            continue
        # SWIG writes each type twice: a static type object (tp_init and tp_vectorcall fields)
        # and, under SWIG_HEAPTYPES (the default since SWIG 4.3), a PyType_FromSpec slot table
        # in NAME_type_create, which sets the metatype after creating the type.
        init = list(re.finditer(rf"^[ \t]*{re.escape(name)},[ \t]*/\* tp_init \*/\n", text, re.M))
        spec = list(re.finditer(rf"^[ \t]*\{{ Py_tp_init, +\(void \*\)\(initproc\) "
                                rf"{re.escape(name)} \}},\n", text, re.M))
        if len(init) != 1 or len(spec) != 1:
            continue
        slot = _VECTORCALL_SLOT.search(text, init[0].end())
        meta = _SET_METATYPE.search(text, spec[0].end())
        if (slot is None or "/* tp_name */" in text[init[0].end():slot.start()] or meta is None
                or "_type_create(" in text[spec[0].end():meta.start()]):
            continue
        twin_body, required, total = shape
        added = "".join([
            f"\n\n/* swiggen: {name} for positional calls of the exact class (fastcall.py) */\n",
            f"SWIGINTERN int {name}_swiggen_twin{_TWIN_SIGNATURE}{twin_body}}}\n\n",
            f"SWIGINTERN PyObject *{name}_swiggen_vectorcall(PyObject *type, "
            "PyObject *const *args, size_t nargsf, PyObject *kwnames) {\n",
            f"  return swiggen_type_vectorcall(type, args, nargsf, kwnames, {required}, {total}, "
            f"{name}_swiggen_twin);\n}}\n",
        ])
        edits.append((end.end(), end.end(), added))
        edits.append((slot.start(), slot.end(), f"{slot.group('indent')}(vectorcallfunc) "
                      f"{name}_swiggen_vectorcall, /* tp_vectorcall */\n"))
        ind = meta.group("indent")
        edits.append((meta.end(), meta.end(), f"#ifndef Py_LIMITED_API\n{ind}pytype->tp_vectorcall = "
                      f"{name}_swiggen_vectorcall;\n#endif\n"))
    if edits and "swiggen_enable_type_vectorcall(metatype);" not in text:
        at = text.index(_METATYPE) + len(_METATYPE)
        edits.append((at, at, "  swiggen_enable_type_vectorcall(metatype);\n"))
    return edits


_DELETE_DEF = re.compile(
    r"^SWIGINTERN PyObject \*(?P<name>_wrap_delete_\w+)\(PyObject \*self, PyObject \*args\) \{\n", re.M)
_DELETE_PROLOGUE = re.compile(
    r'^(?P<indent>[ \t]*)if \(!SWIG_Python_UnpackTuple\(args, "\w+", 0, 0, 0\)\) SWIG_fail;\n'
    r'[ \t]*(?P<res>res\d+) = SWIG_ConvertPtr\(self, &(?P<argp>argp\d+), ?(?P<type>SWIGTYPE_\w+), '
    r'SWIG_POINTER_DISOWN \| +0 \);\n', re.M)


def _destructors(text: str) -> list[tuple[int, int, str]]:
    """Destructor wrappers that only the type's tp_dealloc calls (SWIGPY_DESTRUCTOR_CLOSURE, with
    `args` NULL and `self` the dying SwigPyObject): when the object holds exactly this class's
    pointer, take it and drop ownership directly instead of SWIG_ConvertPtr's search."""
    edits: list[tuple[int, int, str]] = []
    for m in _DELETE_DEF.finditer(text):
        name = m.group("name")
        end = _BODY_END.search(text, m.end())
        refs = [r.start() for r in re.finditer(rf"\b{re.escape(name)}\b", text)]
        closure = text.find(f"SWIGPY_DESTRUCTOR_CLOSURE({name})")
        defined = m.start() + len("SWIGINTERN PyObject *")
        if end is None or closure < 0 or sorted(refs) != sorted([defined, closure + 26]):
            continue
        found = list(_DELETE_PROLOGUE.finditer(text, m.end(), end.start()))
        if len(found) != 1 or "swiggen_self" in text[m.end():end.start()]:
            continue
        d, ind = found[0], found[0].group("indent")
        fast = "".join([
            f"{ind}SwigPyObject *swiggen_self = (SwigPyObject *)self;  /* swiggen: fastcall.py */\n",
            f"{ind}if (!args && swiggen_self->ty == {d.group('type')} && swiggen_self->ptr) {{\n",
            f"{ind}  {d.group('argp')} = swiggen_self->ptr;\n",
            f"{ind}  swiggen_self->own = 0;\n",
            f"{ind}  {d.group('res')} = SWIG_OK;\n",
            f"{ind}}} else {{\n",
            "".join(f"{ind}  {line.lstrip()}\n" for line in d.group(0).splitlines()),
            f"{ind}}}\n",
        ])
        edits.append((d.start(), d.end(), fast))
    return edits


_CLIENTDATA = re.compile(r"^(?P<indent>[ \t]*)\w+_clientdata\.pytype = builtin_pytype;\n", re.M)
_NO_DICT = "builtin_pytype->tp_dictoffset = 0;"


def _no_instance_dicts(text: str) -> list[tuple[int, int, str]]:
    """Wrapped classes without an instance __dict__ (tp_dictoffset 0), set where the module's
    init registers each type.

    SWIG's base type gives every object a `swigdict` field as its __dict__. swiggen's classes
    accept no attributes they do not define (attributes.swg), so the dict only ever held the
    keep-alive references (ownership.swg), which now use the field directly. Without a dict
    offset CPython 3.11 can specialise method lookups on the instances (LOAD_METHOD_NO_DICT; with
    an offset and no dict yet it cannot); Python subclasses get a __dict__ of their own."""
    edits: list[tuple[int, int, str]] = []
    for m in _CLIENTDATA.finditer(text):
        if _NO_DICT in text[max(0, m.start() - 200):m.start()]:
            continue
        ind = m.group("indent")
        edits.append((m.start(), m.start(), f"{ind}{_NO_DICT}  /* swiggen: fastcall.py */\n"
                      f"{ind}PyType_Modified(builtin_pytype);\n"))
    return edits


_CLOSURE_DEF = ("SWIGINTERN void\nSwigPyBuiltin_destructor_closure(SwigPyWrapperFunction wrapper, "
                "const char *wrappername, PyObject *a) {\n")
_CLOSURE_FREE = ("  if (PyType_IS_GC(Py_TYPE(a))) {\n    PyObject_GC_Del(a);\n  } else {\n"
                 "    PyObject_Free(a);\n  }\n}\n")


def _dealloc_type_reference(text: str) -> list[tuple[int, int, str]]:
    """SWIG's tp_dealloc for wrapped classes releases the instance's reference to its type.

    Every allocation of an instance of a heap type takes a reference to the type (tp_alloc,
    PyObject_New), and its tp_dealloc must release it; SWIG's closure frees the object without
    doing so (with SWIG_HEAPTYPES, SWIG 4.3's default), so each wrapped object ever created left
    one reference on its class behind."""
    start = text.find(_CLOSURE_DEF)
    if start < 0:
        return []
    free = text.find(_CLOSURE_FREE, start)
    if free < 0 or "swiggen_type" in text[start:free] or text.find("\n}\n", start) < free:
        return []
    body = start + len(_CLOSURE_DEF)
    end = free + len(_CLOSURE_FREE)
    return [
        (body, body, "  PyTypeObject *swiggen_type = Py_TYPE(a);  /* swiggen: fastcall.py */\n"),
        (end - 2, end - 2, "  if (PyType_HasFeature(swiggen_type, Py_TPFLAGS_HEAPTYPE))\n"
                           "    Py_DECREF(swiggen_type);\n"),
    ]


def _twin_body(body: str) -> tuple[str, int, int] | None:
    """A tp_init body with its tuple parsing replaced by reading `swiggen_args`, and the accepted
    positional counts; None unless the body has one of SWIG's two constructor shapes."""
    parses, kwnames = list(_PARSE.finditer(body)), _KWNAMES.findall(body)
    unpacks, no_kw = list(_UNPACK.finditer(body)), list(_NO_KEYWORDS.finditer(body))
    if len(parses) == 1 and len(kwnames) == 1 and not unpacks and not no_kw:
        p = parses[0]  # one constructor: PyArg_ParseTupleAndKeywords into obj1..objN
        fmt = p.group("fmt")
        total, outs = fmt.count("O"), p.group("outs").split(", &")[1:]
        if len(outs) != total:
            return None
        reads = "".join(f"{p.group('indent')}if (swiggen_nargs > {i}) {o} = swiggen_args[{i}];\n"
                        for i, o in enumerate(outs))
        reads += f"{p.group('indent')}(void)swiggen_args; (void)kwnames;\n"
        new = body[:p.start()] + reads + body[p.end():]
        result = (new, fmt.index("|") if "|" in fmt else total, total)
    elif len(unpacks) == 1 and len(no_kw) == 1 and not parses:
        u, k = unpacks[0], no_kw[0]  # overloads: SWIG_Python_UnpackTuple into argv, then dispatch
        fast = (f"{u.group('indent')}if (!(argc = swiggen_fastunpack(swiggen_args, swiggen_nargs, "
                f"\"{u.group('fname')}\", {u.group('min')}, {u.group('max')}, argv))) SWIG_fail;\n")
        first, second = sorted([(k.start(), k.end(), ""), (u.start(), u.end(), fast)])
        new = (body[:first[0]] + first[2] + body[first[1]:second[0]] + second[2]
               + body[second[1]:])
        result = (new, int(u.group("min")), int(u.group("max")))
    else:
        return None
    if _ARGS.search(result[0]):
        return None  # the body uses the tuple or the dict itself
    return result


def _dispatchers(text: str) -> list[tuple[int, int, str]]:
    """Overload dispatchers (METH_VARARGS, SWIG_Python_UnpackTuple into argv) made METH_FASTCALL."""
    edits: list[tuple[int, int, str]] = []
    for m in _DISPATCH_DEF.finditer(text):
        end = _BODY_END.search(text, m.end())
        if end is None:
            continue
        body = text[m.end():end.start()]
        unpacks = list(_UNPACK.finditer(body))
        if len(unpacks) != 1:
            continue
        u = unpacks[0]
        if _ARGS.search(body[:u.start()] + body[u.end():]):
            continue
        size = re.search(r"^[ \t]*PyObject \*argv\[(\d+)\] = \{", body, re.M)
        if not size or int(size.group(1)) < int(u.group("max")):
            continue
        name = m.group("name")
        table = re.compile(_DISPATCH_TABLE.format(name=re.escape(name)))
        entries = list(table.finditer(text))
        cast = len("(PyCFunction)(void(*)(void))")
        starts = {e.start() + (cast if e.group("cast") else 0) for e in entries}
        defined = m.start() + len("SWIGINTERN PyObject *")
        if not entries or any(r.start() not in starts | {defined}
                              for r in re.finditer(rf"\b{re.escape(name)}\b", text)):
            continue
        header = text[m.start():m.end()].replace("(PyObject *self, PyObject *args) {\n",
                                                 _DISPATCH_SIGNATURE)
        new_body = (body[:u.start()] + f"{u.group('indent')}if (!(argc = swiggen_fastunpack("
                    f"swiggen_args, swiggen_nargs, \"{u.group('fname')}\", {u.group('min')}, "
                    f"{u.group('max')}, argv))) SWIG_fail;\n" + body[u.end():])
        edits.append((m.start(), end.start(), header + new_body))
        for e in entries:
            edits.append((e.start(), e.end(), f"(PyCFunction)(void(*)(void)){name}, "
                          f"{e.group('static')}METH_FASTCALL,"))
    return edits


def _rewrite_body(body: str) -> str | None:
    """The wrapper's body with the tuple parser replaced, or None if it is not the usual shape."""
    parses = list(_PARSE.finditer(body))
    kwnames = list(_KWNAMES.finditer(body))
    if len(parses) != 1 or len(kwnames) != 1:
        return None
    p = parses[0]
    rest = body[:p.start()] + body[p.end():]
    if _ARGS.search(rest):
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


def _only_table_references(text: str, name: str, definition: int) -> bool:
    """True if `name` appears only in its definition and keyword method-table entries."""
    table = re.compile(_TABLE.format(name=re.escape(name)))
    tables = {t.start() + len("(PyCFunction)(void(*)(void))") for t in table.finditer(text)}
    defined = definition + len("SWIGINTERN PyObject *")
    for ref in re.finditer(rf"\b{re.escape(name)}\b", text):
        if ref.start() != defined and ref.start() not in tables:
            return False
    return bool(tables)


def rewrite_file(path: Path) -> bool:
    """Rewrite a NAME_wrap.cxx in place (bytes that are not UTF-8 survive). True if changed."""
    text = path.read_bytes().decode("utf-8", "surrogateescape")
    new = rewrite(text)
    if new != text:
        path.write_bytes(new.encode("utf-8", "surrogateescape"))
    return new != text
