"""rewrites.audit: the post-processing's report counts SWIG's candidate shapes, not only the
matches; overlapping edits are an internal error; a fix SWIG makes itself is not made twice."""

from __future__ import annotations

from pathlib import Path

import pytest
from swiggen.swig import rewrites, swigshapes
from swiggen.swig.fastcall import postprocess, rewrite

KEYWORDS = '''\
SWIGINTERN PyObject *_wrap_{name}(PyObject *self, PyObject *args, PyObject *kwargs) {{
  PyObject *resultobj = 0;
  PyObject * obj0 = 0 ;
  char * kwnames[] = {{
    (char *)"a",  NULL 
  }};
  
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "{fmt}:{name}", kwnames, &obj0)) SWIG_fail;
  return resultobj;
fail:
  return NULL;
}}
'''

CLOSURE = '''\
SWIGINTERN void
SwigPyBuiltin_destructor_closure(SwigPyWrapperFunction wrapper, const char *wrappername, PyObject *a) {
  SwigPyObject *sobj;
  sobj = (SwigPyObject *)a;
  if (sobj->own) {
    PyObject *o;
    PyObject *type = 0, *value = 0, *traceback = 0;
    PyErr_Fetch(&type, &value, &traceback);
    o = wrapper(a, NULL);
    PyErr_Restore(type, value, traceback);
    SWIG_Py_XDECREF(o);
  }
  if (PyType_IS_GC(Py_TYPE(a))) {
    PyObject_GC_Del(a);
  } else {
    PyObject_Free(a);
  }
}
'''


def table(name: str, wrapper: str, flags: str = "METH_VARARGS|METH_KEYWORDS") -> str:
    return f'  {{ "{name}", (PyCFunction)(void(*)(void)){wrapper}, {flags}, "doc" }},\n'


def module(*parts: str) -> str:
    return ('#define SWIG_VERSION 0x040501\n#include <Python.h>\n\nextern "C" {\n'
            + "\n".join(parts) + "\n}\n")


def test_candidates_the_rewrite_does_not_match_are_reported_by_name() -> None:
    """A keyword wrapper of a shape fastcall does not know (a keyword-only marker `$`) is a
    candidate left on the slow path; a wrapper a slot closure calls is no candidate."""
    text = module(KEYWORDS.format(name="add", fmt="O"), KEYWORDS.format(name="odd", fmt="|$O"),
                  KEYWORDS.format(name="slot", fmt="O"),
                  "SWIGPY_BINARYFUNC_CLOSURE(_wrap_slot)\n",
                  table("add", "_wrap_add"), table("odd", "_wrap_odd"), table("slot", "_wrap_slot"))
    out, report = postprocess(text)
    fast = report["fastcall"]
    assert (fast.found, fast.rewritten) == (2, 1)
    [(name, line)] = fast.left
    assert name == "_wrap_odd"
    assert out.splitlines()[line - 1].startswith("SWIGINTERN PyObject *_wrap_odd(")
    [warning] = rewrites.diagnostics(report, rewrites.swig_version(text), Path("m_wrap.cxx"))
    assert str(warning).startswith(f"m_wrap.cxx:{line}: warning SG700: post-processing "
                                   "'fastcall' rewrote 1 of 2 method-table entries")
    assert "_wrap_odd" in str(warning) and "SWIG 4.5.1" in warning.hint
    assert "bug" in warning.hint


def test_full_coverage_gives_no_warning_and_a_summary() -> None:
    text = module(KEYWORDS.format(name="add", fmt="O"), table("add", "_wrap_add"), CLOSURE)
    _, report = postprocess(text)
    assert rewrites.diagnostics(report, "4.5.1", Path("m_wrap.cxx")) == []
    lines = rewrites.summary(report, "4.5.1")
    assert lines[0] == "post-processing of SWIG 4.5.1's wrapper (candidates rewritten):"
    assert any(line.split()[:2] == ["fastcall", "1/1"] for line in lines)
    assert any(line.split()[:2] == ["dealloc_type_reference", "1/1"] for line in lines)


def test_report_file_is_deterministic_and_reads_back(tmp_path: Path) -> None:
    text = module(KEYWORDS.format(name="add", fmt="O"), KEYWORDS.format(name="odd", fmt="|$O"),
                  table("add", "_wrap_add"), table("odd", "_wrap_odd"))
    _, report = postprocess(text)
    path = tmp_path / rewrites.FILE
    rewrites.save(report, "4.5.1", path)
    first = path.read_bytes()
    _, again = postprocess(text)
    rewrites.save(again, "4.5.1", path)
    assert path.read_bytes() == first
    loaded = rewrites.load(path)
    assert loaded is not None and loaded[1] == "4.5.1"
    assert list(loaded[0]) == list(rewrites.KINDS)  # kinds in their order, not the file's
    assert loaded[0]["fastcall"] == report["fastcall"]
    assert rewrites.load(tmp_path / "missing.json") is None


def test_overlapping_edits_are_an_internal_error() -> None:
    text = "abcdefgh"
    # touching edits are fine: an insertion where a replacement starts or ends
    assert swigshapes.apply(text, [(2, 4, "XY"), (2, 2, "<"), (4, 4, ">")]) == "ab<XY>efgh"
    with pytest.raises(swigshapes.OverlappingEdits, match="internal error"):
        swigshapes.apply(text, [(1, 4, "x"), (3, 6, "y")])
    with pytest.raises(swigshapes.OverlappingEdits):
        swigshapes.apply(text, [(1, 5, "x"), (3, 3, "inserted inside")])


def test_closure_swig_already_fixed_is_not_fixed_twice() -> None:
    """If SWIG's tp_dealloc closure gives back the type's reference itself, swiggen's rewrite
    adds no second Py_DECREF (which would free the class while instances live) and the report
    counts it as done by SWIG."""
    fixed = CLOSURE.replace("  SwigPyObject *sobj;\n",
                            "  PyTypeObject *tp = Py_TYPE(a);\n  SwigPyObject *sobj;\n").replace(
        "    PyObject_Free(a);\n  }\n}\n",
        "    PyObject_Free(a);\n  }\n  if (tp->tp_flags & Py_TPFLAGS_HEAPTYPE)\n"
        "    SWIG_Py_DECREF(tp);\n}\n")
    out, report = postprocess(module(fixed))
    assert "swiggen_type" not in out and out.count("DECREF(tp)") == 1
    count = report["dealloc_type_reference"]
    assert (count.found, count.rewritten, count.native, count.left) == (1, 0, 1, [])
    assert report["dealloc_error_state"].rewritten == 1  # the other fix still applies
    inline = CLOSURE.replace("    PyObject_Free(a);\n  }\n",
                             "    PyObject_Free(a);\n  }\n  Py_DECREF(Py_TYPE(a));\n")
    assert "swiggen_type" not in rewrite(module(inline))
    out, report = postprocess(module(CLOSURE))  # SWIG's shape today: fixed by swiggen
    assert "Py_DECREF(swiggen_type);" in out
    assert report["dealloc_type_reference"].rewritten == 1


def test_swig_version_comes_from_the_wrapper() -> None:
    assert rewrites.swig_version("#define SWIG_VERSION 0x040401\n") == "4.4.1"
    assert rewrites.swig_version("no version\n") == "unknown"
