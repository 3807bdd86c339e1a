"""typeobjects: faster construction and destruction of SWIG -builtin classes (post-processing).

Run by `fastcall.rewrite` on NAME_wrap.cxx after SWIG; each rewrite applies only where the text
has exactly the shape SWIG writes (`swigshapes.py`), and is idempotent.

- `_type_vectorcalls`: a tp_vectorcall per class whose constructor wrapper has a known shape, so
  `Point(1.0, 2.0)` skips type_call's tuple, tp_new and tp_init.
- `_no_instance_dicts`: no instance __dict__ offset, so CPython specialises method lookups.
- `_dealloc_type_reference`: the dealloc releases the instance's reference to its heap type.

SWIG's type-field features cannot do the first two (tried with SWIG 4.5.1): with
`%feature("python:tp_vectorcall")` SWIG fills the static type object's field but also writes
`{ Py_tp_vectorcall, ... }` into the PyType_FromSpec slot table that SWIG_HEAPTYPES (the
default) builds, a slot Python declares only from 3.14 (PyType_FromSpec rejects an unknown
one); `%feature("python:tp_dictoffset")` sets only the static object, and a heap type inherits
SWIG's base type's `__dictoffset__`. The per-class twins are the calling convention itself.
"""

from __future__ import annotations

import re

from . import freelists
from .swigshapes import (ARGS, BODY_END, INIT_DEF, Index, KWNAMES, Lines, Marks, PARSE, UNPACK,
                         lines_matching)

#: the C helpers the constructor vectorcalls call (swiggen_type_vectorcall, ...) are part of the
#: swiggen_fastcall fragment, interfaces/python/fastcall.swg (fastcall.HELPER)


def helper_edits(text: str, index: Index) -> list[tuple[int, int, str]]:
    """The rewrites that call HELPER's functions (`index`: the `_wrap_*` names of `text`)."""
    return _type_vectorcalls(text, index)


def plain_edits(text: str) -> list[tuple[int, int, str]]:
    """The rewrites that need no helper."""
    return _no_instance_dicts(text) + _dealloc_type_reference(text)


_NO_KEYWORDS = re.compile(
    r'^[ \t]*if \(!SWIG_Python_CheckNoKeywords\(kwargs, "\w+"\)\) SWIG_fail;\n', re.M)
_TWIN_SIGNATURE = "(PyObject *self, PyObject *const *swiggen_args, Py_ssize_t swiggen_nargs) {\n"
_VECTORCALL_SLOT = re.compile(r"^(?P<indent>[ \t]*)\(vectorcallfunc\) 0,[ \t]*/\* tp_vectorcall \*/\n",
                              re.M)
_METATYPE = "  metatype = SwigPyObjectType_Type();\n"
_TP_INIT = re.compile(r"^[ \t]*(?P<name>\w+),[ \t]*/\* tp_init \*/\n", re.M)
_PY_TP_INIT = re.compile(r"^[ \t]*\{ Py_tp_init, +\(void \*\)\(initproc\) (?P<name>\w+) \},\n",
                         re.M)
_SET_METATYPE = re.compile(r"^(?P<indent>[ \t]*)SwigPyBuiltin_SetMetaType\(pytype, type\);\n", re.M)


def _type_vectorcalls(text: str, index: Index) -> list[tuple[int, int, str]]:
    """A tp_vectorcall per wrapped class whose constructor wrapper has a known shape.

    Next to SWIG's `_wrap_new_X` (tp_init, kept for Python subclasses and for keyword calls) goes
    a twin taking the positional arguments as an array, and `_wrap_new_X_swiggen_vectorcall`,
    which the class's static type object gets as tp_vectorcall; the module's metatype is given
    vectorcall support (HELPER: swiggen_enable_type_vectorcall)."""
    edits: list[tuple[int, int, str]] = []
    if _METATYPE not in text:
        return edits
    # each pattern is found once in the whole text, then looked up per class (linear)
    inits = _by_name(_TP_INIT, text, "/* tp_init */\n")
    specs = _by_name(_PY_TP_INIT, text, "{ Py_tp_init, ")
    slots = Lines(text, _VECTORCALL_SLOT, "/* tp_vectorcall */\n")
    metas = Lines(text, _SET_METATYPE, "SwigPyBuiltin_SetMetaType(pytype, type);\n")
    type_names, type_creates = Marks(text, "/* tp_name */"), Marks(text, "_type_create(")
    for m in INIT_DEF.finditer(text):
        name = m.group("name")
        end = BODY_END.search(text, m.end())
        if end is None or any(text.startswith("(", at + len(name) + len("_swiggen_twin"))
                              for at in index.occurrences(f"{name}_swiggen_twin")):
            continue
        shape = _twin_body(text[m.end():end.start()])
        if shape is None:
            continue
        # SWIG writes each type twice: a static type object (tp_init and tp_vectorcall fields)
        # and, under SWIG_HEAPTYPES (the default since SWIG 4.3), a PyType_FromSpec slot table
        # in NAME_type_create, which sets the metatype after creating the type.
        init, spec = inits.get(name, []), specs.get(name, [])
        if len(init) != 1 or len(spec) != 1:
            continue
        slot = slots.after(init[0].end())
        meta = metas.after(spec[0].end())
        if (slot is None or type_names.within(init[0].end(), slot.start()) or meta is None
                or type_creates.within(spec[0].end(), meta.start())):
            continue
        twin_body, required, total = shape
        twin_body = freelists.pooled(name, twin_body)
        added = "".join([
            f"\n\n/* swiggen: {name} for positional calls of the exact class (typeobjects.py) */\n",
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


def _by_name(pattern: re.Pattern[str], text: str, needle: str
             ) -> dict[str, list[re.Match[str]]]:
    """Every match of the one-line `pattern` (holding `needle`) in `text`, by its `name`."""
    out: dict[str, list[re.Match[str]]] = {}
    for m in lines_matching(pattern, text, needle):
        out.setdefault(m.group("name"), []).append(m)
    return out


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
    for m in lines_matching(_CLIENTDATA, text, "_clientdata.pytype = builtin_pytype;\n"):
        if _NO_DICT in text[max(0, m.start() - 200):m.start()]:
            continue
        ind = m.group("indent")
        edits.append((m.start(), m.start(), f"{ind}{_NO_DICT}  /* swiggen: typeobjects.py */\n"
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
    if releases_type(text[start:text.find("\n}\n", start)]):
        return []  # SWIG does it itself: a second Py_DECREF would free the type too early
    body = start + len(_CLOSURE_DEF)
    end = free + len(_CLOSURE_FREE)
    return [
        (body, body, "  PyTypeObject *swiggen_type = Py_TYPE(a);  /* swiggen: typeobjects.py */\n"),
        (end - 2, end - 2, "  if (PyType_HasFeature(swiggen_type, Py_TPFLAGS_HEAPTYPE))\n"
                           "    Py_DECREF(swiggen_type);\n"),
    ]


_TYPE_VAR = re.compile(r"(\w+) = (?:\([\w ]+\*\))?Py_TYPE\(a\);")


def releases_type(body: str) -> bool:
    """Whether a tp_dealloc closure's text already gives back the instance's reference to its
    type: a DECREF of `Py_TYPE(a)`, or of a variable holding it (as a SWIG that fixed the leak
    would write it)."""
    held = [re.escape(m.group(1)) for m in _TYPE_VAR.finditer(body)]
    target = "|".join([r"Py_TYPE\(a\)", *held])
    return re.search(rf"DECREF\(\s*(?:\(PyObject \*\)\s*)?(?:{target})\s*\)", body) is not None


def _twin_body(body: str) -> tuple[str, int, int] | None:
    """A tp_init body with its tuple parsing replaced by reading `swiggen_args`, and the accepted
    positional counts; None unless the body has one of SWIG's two constructor shapes."""
    parses, kwnames = list(PARSE.finditer(body)), KWNAMES.findall(body)
    unpacks, no_kw = list(UNPACK.finditer(body)), list(_NO_KEYWORDS.finditer(body))
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
                f"\"{u.group('fname')}\", {u.group('min')}, {u.group('max')}, {u.group('into')}))) "
                "SWIG_fail;\n")
        first, second = sorted([(k.start(), k.end(), ""), (u.start(), u.end(), fast)])
        new = (body[:first[0]] + first[2] + body[first[1]:second[0]] + second[2]
               + body[second[1]:])
        result = (new, int(u.group("min")), int(u.group("max")))
    else:
        return None
    if ARGS.search(result[0]):
        return None  # the body uses the tuple or the dict itself
    return result
