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
