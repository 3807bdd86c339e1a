"""swig/wrapguard.py: every wrapper function's body in a try block, with its error value."""

from __future__ import annotations

from swiggen.swig import wrapguard

TEXT = """SWIGINTERN void swiggen_translate(void);
SWIGINTERN PyObject *_wrap_f(PyObject *self, PyObject *args) {
  PyObject *resultobj = 0;
  if (!args) SWIG_fail;
  return resultobj;
fail:
  return NULL;
}

SWIGINTERN int _wrap_new_P(PyObject *self, PyObject *args, PyObject *kwargs) {
  return 0;
}

static PyObject *other(PyObject *self) {
  return self;
}
"""


def test_wrappers_are_guarded_with_their_error_value() -> None:
    new, count = wrapguard.rewrite(TEXT)
    assert count == 2
    assert "  } catch (...) { swiggen_translate(); return NULL; }\n}\n" in new
    assert "  } catch (...) { swiggen_translate(); return -1; }\n}\n" in new
    assert new.count("  try {\n") == 2
    assert "static PyObject *other(PyObject *self) {\n  return self;\n}\n" in new
    # the shapes later passes read are kept: first line and the closing brace in column 0
    assert "_wrap_f(PyObject *self, PyObject *args) {\n  try {\n" in new


def test_idempotent_and_nothing_without_the_translator() -> None:
    once, _ = wrapguard.rewrite(TEXT)
    assert wrapguard.rewrite(once) == (once, 0)
    plain = TEXT.replace("SWIGINTERN void swiggen_translate(void);\n", "")
    assert wrapguard.rewrite(plain) == (plain, 0)


DISPATCH = """SWIGINTERN PyObject *_wrap_twice(PyObject *self, PyObject *args) {
  if (argc == 1) {
    int _v = 0;
    {
      {
        int res = SWIG_AsVal_int(argv[0], NULL);
        _v = SWIG_CheckState(res);
      }
    }
    if (!_v) goto check_1;
    {
      {
        int res = SWIG_AsVal_double(argv[1], NULL);
        _v = SWIG_CheckState(res);
      }
    }
    if (!_v) goto check_1;
    return _wrap_twice__SWIG_0(self, argc, argv);
  }
check_1:
  
  if (argc == 1) {
    int _v = 0;
    {
      int res = SWIG_AsCharPtrAndSize(argv[0], 0, NULL, 0);
      _v = SWIG_CheckState(res);
    }
    if (!_v) goto check_2;
    return _wrap_twice__SWIG_1(self, argc, argv);
  }
check_2:
  
  if (argc == 1) {
    int _v = 0;
    {
      {
        int res = SWIG_AsVal_char(argv[0], NULL);
        _v = SWIG_CheckState(res);
      }
    }
    if (!_v) goto check_3;
    return _wrap_twice__SWIG_2(self, argc, argv);
  }
check_3:
  return NULL;
}
"""


def test_failed_checks_are_cleared_unless_the_converters_clear_their_own() -> None:
    new, count = wrapguard.clear_failed_checks(DISPATCH)
    assert count == 2  # after the text check and after char's (text too), not after int/double
    assert "check_1:\n  \n" in new
    assert "check_2:\n" + wrapguard.CLEAR in new and "check_3:\n" + wrapguard.CLEAR in new
    assert wrapguard.clear_failed_checks(new) == (new, 0)


def test_the_keyword_dispatchers_candidates_are_read_the_same() -> None:
    """kwdispatch.py's form of a candidate's condition (binding keywords, or counting)."""
    kw = DISPATCH.replace("  if (argc == 1) {\n    int _v = 0;\n    {\n      {\n        int res = SWIG_AsVal_int",
                          "  if (swiggen_kw ? (argc = swiggen_kwbind(swiggen_kw, 0, 1, argv)) == 1 : "
                          "argc == 1) {\n    int _v = 0;\n    {\n      {\n        int res = SWIG_AsVal_int", 1)
    assert kw != DISPATCH
    new, count = wrapguard.clear_failed_checks(kw)
    assert count == 2 and "check_1:\n  \n" in new
