"""swig/posonly.py: positional-only names blanked, folded counts renamed, in SWIG's keyword table."""

from __future__ import annotations

from swiggen.swig import posonly

WRAPPER = '''/* swiggen positional visit: arg0 */
/* swiggen keyword joined: argc=argv */
/* swiggen keyword sum_y: npoints=points */
SWIGINTERN PyObject *_wrap_visit(PyObject *self, PyObject *args, PyObject *kwargs) {
  char * kwnames[] = {
    (char *)"arg0",  (char *)"depth",  NULL
  };
}
SWIGINTERN PyObject *_wrap_joined(PyObject *self, PyObject *args, PyObject *kwargs) {
  char * kwnames[] = {
    (char *)"argc",  NULL
  };
}
SWIGINTERN PyObject *_wrap_sum_y(PyObject *self, PyObject *args, PyObject *kwargs) {
  char * kwnames[] = {
    (char *)"npoints",  (char *)"scale",  NULL
  };
}
SWIGINTERN PyObject *_wrap_other(PyObject *self, PyObject *args, PyObject *kwargs) {
  char * kwnames[] = {
    (char *)"argc",  NULL
  };
}
'''


def test_names_are_blanked_and_folded_counts_renamed() -> None:
    out, done = posonly.rewrite(WRAPPER)
    assert done == 3
    assert "swiggen positional" not in out and "swiggen keyword" not in out
    assert '(char *)"",  (char *)"depth"' in out
    assert '(char *)"argv",  NULL' in out
    assert '(char *)"points",  (char *)"scale"' in out
    # a wrapper no line names keeps its table
    assert out.endswith('_wrap_other(PyObject *self, PyObject *args, PyObject *kwargs) {\n'
                        '  char * kwnames[] = {\n    (char *)"argc",  NULL\n  };\n}\n')
    assert posonly.rewrite(out) == (out, 0)  # idempotent
