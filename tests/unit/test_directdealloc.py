"""directdealloc.py: which destructor closures become a direct tp_dealloc, and which stay (the
behaviour of the built modules is tests/cases/ownership/test_direct_dealloc.py)."""

from __future__ import annotations

from swiggen.swig import directdealloc

RUNTIME = "SWIGINTERNINLINE int swiggen_dealloc_direct(PyObject *a, swig_type_info *ty);\n"

DELETE = '''\
SWIGINTERN PyObject *_wrap_delete_Node(PyObject *self, PyObject *args) {
  PyObject *resultobj = 0;
  own::Node *arg1 = 0 ;
  void *argp1 = 0 ;
  int res1 = 0 ;
  
  if (args && !SWIG_Python_UnpackTuple(args, "delete_Node", 0, 0, 0)) SWIG_fail;
  {
    static swiggen_self_cache swiggen_self_cache_ = {
      0, 0, 0
    };
    res1 = swiggen_self_ptr_cached(self, &argp1, SWIGTYPE_p_own__Node, &swiggen_self_cache_);
  }
  if (!SWIG_IsOK(res1)) {
    SWIG_exception_fail(SWIG_ArgError(res1), "in method '" "delete_Node" "', argument " "1"" of type '" "own::Node *""'");
  }
  arg1 = reinterpret_cast< own::Node * >(argp1);
  if (!arg1) {
    PyErr_SetString(PyExc_ReferenceError,
      "the C++ object was moved out (e.g. into a std::unique_ptr) or destroyed");
    SWIG_fail;
  }
  if (swiggen_refuse_const_self(self, SWIGTYPE_p_own__Node, "delete_Node") < 0) SWIG_fail;
#ifdef SWIGGEN_CLOSES_delete_Node
  swiggen_close_dependants(self); /* a close method: its dependants go first (objects.swg) */
#endif
  {
    try {
      swiggen_delete(arg1);
    } catch (const std::exception &e) {
      swiggen_translate_std(e);
      SWIG_fail;
    } catch (...) {
      swiggen_translate();
      SWIG_fail;
    }
  }
  resultobj = SWIG_Py_Void();
  return resultobj;
fail:
  return NULL;
}


SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_Node) /* defines _wrap_delete_Node_destructor_closure */

static PyHeapTypeObject SwigPyBuiltin__own__Node_type = {
    _wrap_delete_Node_destructor_closure,  /* tp_dealloc */
};
  PyType_Slot slots[] = {
    { Py_tp_dealloc,                    (void *)(destructor) _wrap_delete_Node_destructor_closure },
  };
'''


def test_a_plain_destructor_gets_a_direct_dealloc_named_by_both_type_objects() -> None:
    text, n = directdealloc.rewrite(RUNTIME + DELETE)
    assert n == 1
    assert "SWIGPY_DESTRUCTOR_CLOSURE(" not in text
    assert "_wrap_delete_Node_destructor_closure" not in text
    assert "SWIGINTERN void _wrap_delete_Node_swiggen_dealloc(PyObject *a) {\n" in text
    assert "  if (swiggen_dealloc_direct(a, SWIGTYPE_p_own__Node)) {\n" in text
    assert "    own::Node *arg1 = reinterpret_cast< own::Node * >(((SwigPyObject *)a)->ptr);\n" \
        in text
    assert "      swiggen_delete(arg1);\n" in text
    assert 'swiggen_dealloc_raised("_wrap_delete_Node");' in text
    # everything else still goes through SWIG's closure and the wrapper
    assert 'swiggen_dealloc_through_wrapper(_wrap_delete_Node, "_wrap_delete_Node", a);' in text
    assert "#ifndef SWIGGEN_CLOSES_delete_Node\n" in text
    assert "    _wrap_delete_Node_swiggen_dealloc,  /* tp_dealloc */\n" in text
    assert "(void *)(destructor) _wrap_delete_Node_swiggen_dealloc }" in text
    assert directdealloc.rewrite(text) == (text, 0)  # idempotent


def test_a_plain_delete_as_swig_wrote_it_is_kept() -> None:
    text, n = directdealloc.rewrite(RUNTIME + DELETE.replace("swiggen_delete(arg1);",
                                                             "delete arg1;"))
    assert n == 1 and "      delete arg1;\n    } catch (const std::exception &e) {\n      " \
        "swiggen_translate_std(e);\n      swiggen_dealloc_raised" in text


def test_other_shapes_keep_the_closure() -> None:
    for changed in (
            DELETE.replace("swiggen_delete(arg1);", "delete_own_Node(arg1);"),  # %extend deleter
            DELETE.replace("swiggen_delete(arg1);", "swiggen_delete(arg1);\n      log();"),
            DELETE.replace("  resultobj = SWIG_Py_Void();\n",
                           "  { swiggen_nogil swiggen_unlocked; }\n  resultobj = SWIG_Py_Void();\n"),
            DELETE + "  PyObject *o = _wrap_delete_Node(self, NULL);\n",  # called elsewhere
            DELETE + "  destructor d = _wrap_delete_Node_destructor_closure;\n",  # named elsewhere
    ):
        text = RUNTIME + changed
        assert directdealloc.rewrite(text) == (text, 0)


def test_nothing_changes_without_the_runtime() -> None:
    assert directdealloc.rewrite(DELETE) == (DELETE, 0)
