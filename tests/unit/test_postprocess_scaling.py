"""Post-processing of NAME_wrap.cxx grows linearly with the wrapper: a synthetic wrapper in SWIG's
shapes with 4x the classes takes about 4x the time (issue 16: one search of the whole text per
wrapper made a 200-class module's post-processing take minutes). All of it is timed:
`fastcall.postprocess` (the rewrites, docstrings, argument errors, directors and the report of
what was rewritten), as `swiggen build` runs it.

The ratio of CPU times (this process's, so other load on the machine counts less) is compared,
never an absolute time; best of three runs each, with generous slack (a quadratic pass gives 16x)."""

from __future__ import annotations

import time

from swiggen.swig.fastcall import postprocess


def _unit(i: int) -> str:
    """One class of a SWIG -builtin wrapper: a keyword method, an overload dispatcher, a
    constructor with its two type spellings, a destructor with its closure, and method-table
    entries, in the shapes SWIG writes (see test_fastcall.py / test_freelists.py)."""
    return f'''\
SWIGINTERN PyObject *_wrap_C{i}_add(PyObject *self, PyObject *args, PyObject *kwargs) {{
  PyObject *resultobj = 0;
  PyObject * obj0 = 0 ;
  PyObject * obj1 = 0 ;
  char * kwnames[] = {{
    (char *)"a",  (char *)"b",  NULL 
  }};
  
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:C{i}_add", kwnames, &obj0, &obj1)) SWIG_fail;
  ecode2 = SWIG_AsVal_int(obj1, &val2);
  if (!SWIG_IsOK(ecode2)) {{
    SWIG_exception_fail(SWIG_ArgError(ecode2), "in method '" "C{i}_add" "', argument " "2"" of type '" "int""'");
  }}
  resultobj = SWIG_From_int(static_cast< int >(result));
  return resultobj;
fail:
  return NULL;
}}


SWIGINTERN PyObject *_wrap_C{i}_pick(PyObject *self, PyObject *args) {{
  Py_ssize_t argc;
  PyObject *argv[3] = {{
    0
  }};
  
  (void)self;
  if (!(argc = SWIG_Python_UnpackTuple(args, "C{i}_pick", 0, 2, argv))) SWIG_fail;
  --argc;
  if (argc == 1) {{
    return _wrap_C{i}_pick__SWIG_0(self, argc, argv);
  }}
fail:
  return 0;
}}


SWIGINTERN int _wrap_new_C{i}(PyObject *self, PyObject *args, PyObject *kwargs) {{
  PyObject *resultobj = 0;
  PyObject * obj1 = 0 ;
  char * kwnames[] = {{
    (char *)"x",  NULL 
  }};
  ns::C{i} *result = 0 ;
  
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|O:new_C{i}", kwnames, &obj1)) SWIG_fail;
  result = (ns::C{i} *)new ns::C{i}();
  resultobj = SWIG_NewPointerObj(SWIG_as_voidptr(result), SWIGTYPE_p_ns__C{i}, SWIG_BUILTIN_INIT |  0 );
  return resultobj == Py_None ? -1 : 0;
fail:
  return -1;
}}


SWIGINTERN PyObject *_wrap_delete_C{i}(PyObject *self, PyObject *args) {{
  PyObject *resultobj = 0;
  ns::C{i} *arg1 = 0 ;
  
  if (!SWIG_Python_UnpackTuple(args, "delete_C{i}", 0, 0, 0)) SWIG_fail;
  delete arg1;
  resultobj = SWIG_Py_Void();
  return resultobj;
fail:
  return NULL;
}}


SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_C{i}) /* defines _wrap_delete_C{i}_destructor_closure */

SWIGINTERN PyMethodDef SwigPyBuiltin__ns__C{i}_methods[] = {{
  {{ "add", (PyCFunction)(void(*)(void))_wrap_C{i}_add, METH_VARARGS|METH_KEYWORDS, "" }},
  {{ "pick", _wrap_C{i}_pick, METH_VARARGS, "" }},
  {{ NULL, NULL, 0, NULL }}
}};

#ifndef SWIG_HEAPTYPES
static PyHeapTypeObject SwigPyBuiltin__ns__C{i}_type = {{
  {{
    "m.C{i}",                       /* tp_name */
    _wrap_new_C{i},                        /* tp_init */
    (newfunc) 0,                            /* tp_new */
#if PY_VERSION_HEX >= 0x03080000
    (vectorcallfunc) 0,                     /* tp_vectorcall */
#endif
  }},
}};
static PyTypeObject *SwigPyBuiltin__ns__C{i}_type_create(PyTypeObject *type, PyTypeObject **bases, PyObject *dict) {{
  PyTypeObject *pytype = (PyTypeObject *)&SwigPyBuiltin__ns__C{i}_type;
  SwigPyBuiltin_SetMetaType(pytype, type);
  return pytype;
}}
#else
static PyTypeObject *SwigPyBuiltin__ns__C{i}_type_create(PyTypeObject *type, PyTypeObject **bases, PyObject *dict) {{
  PyType_Slot slots[] = {{
    {{ Py_tp_init,                       (void *)(initproc) _wrap_new_C{i} }},
    {{ 0, NULL }}
  }};
  PyTypeObject *pytype = (PyTypeObject *)PyType_FromSpecWithBases(&spec, tuple_bases);
  if (pytype) {{
    SwigPyBuiltin_SetMetaType(pytype, type);
  }}
  return pytype;
}}
#endif
'''


def synthetic_wrapper(classes: int) -> str:
    """A wrapper file of `classes` classes (5 wrappers each) and the module init."""
    init = ("SWIGEXPORT void SWIG_init(void) {\n  metatype = SwigPyObjectType_Type();\n"
            "  assert(metatype);\n}\n")
    # errors.swg's macro: the argument errors are rewritten (argerrors.py)
    errors = "#define SWIGGEN_ARG_FAIL(code, symname, argnum, obj, ctype) 0\n"
    return ('#include <Python.h>\n' + errors + '\nextern "C" {\n' +
            "\n".join(map(_unit, range(classes)))
            + init + "}\n")


def _best_time(text: str) -> tuple[float, str]:
    best, out = float("inf"), ""
    for _ in range(3):
        start = time.process_time()
        out, _ = postprocess(text)
        best = min(best, time.process_time() - start)
    return best, out


def test_post_processing_time_grows_linearly() -> None:
    n = 200  # 1,000 wrappers, then 4,000
    small, large = synthetic_wrapper(n), synthetic_wrapper(4 * n)
    t_small, _ = _best_time(small)
    t_large, out = _best_time(large)
    # every rewrite applied to every class: the test measures the real passes, not a no-op
    assert out.count("METH_FASTCALL|METH_KEYWORDS,") == 4 * n
    assert out.count(", METH_FASTCALL,") == 4 * n
    assert out.count("_swiggen_vectorcall, /* tp_vectorcall */") == 4 * n
    assert out.count("swiggen_delete(arg1);") == 4 * n
    assert out.count("swiggen_new< ns::C") == 4 * n + 4 * n  # tp_init and its twin
    assert out.count("SWIGGEN_ARG_FAIL(SWIG_ArgError(ecode2), ") == 4 * n
    ratio = t_large / t_small
    assert ratio < 8, (f"post-processing 4x the text took {ratio:.1f}x the time "
                       f"({t_small:.3f}s -> {t_large:.3f}s): a pass is not linear")


def test_line_scans_find_what_the_pattern_finds() -> None:
    """`swigshapes.lines_matching` (the lines holding a fixed text, tried with the pattern)
    gives exactly `pattern.finditer`'s matches: the text's first line, a line holding the text
    twice, lines holding it that the pattern refuses, a last line without a newline."""
    import re

    from swiggen.swig.swigshapes import lines_matching

    pattern = re.compile(r"^(?P<indent>[ \t]*)(?P<name>\w+),[ \t]*/\* tp_init \*/\n", re.M)
    text = ("a, /* tp_init */\n  b, /* tp_init */ /* tp_init */\n"
            "  c(), /* tp_init */\n/* tp_init */\n\td,\t/* tp_init */\n"
            "x = 1; /* tp_init */\n  e, /* tp_init */\n  f, /* tp_init */")
    found = [(m.start(), m.group("name")) for m in lines_matching(pattern, text,
                                                                   "/* tp_init */\n")]
    assert found == [(m.start(), m.group("name")) for m in pattern.finditer(text)]
    assert [name for _, name in found] == ["a", "d", "e"]
