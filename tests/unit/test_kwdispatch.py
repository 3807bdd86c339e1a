"""kwdispatch: overload dispatchers listed in the interface's keyword table take keywords
(synthetic SWIG text; the behaviour is tested on real modules in tests/cases/overload_keywords),
and only dispatchers of exactly SWIG's shape; the table is checked against the overloads."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from swiggen.swig import kwdispatch
from swiggen.swig.fastcall import HELPER, KW_HELPER, rewrite


def overload(name: str, k: int, nobjs: int, result: str = "PyObject *") -> str:
    params = "swig_obj" if nobjs else "SWIGUNUSEDPARM(swig_obj)"
    return f'''\
SWIGINTERN {result}{name}__SWIG_{k}(PyObject *self, Py_ssize_t nobjs, PyObject **{params}) {{
  PyObject *resultobj = 0;
  if ((nobjs < {nobjs}) || (nobjs > {nobjs})) SWIG_fail;
  return resultobj;
fail:
  return NULL;
}}

'''


PICK = '''\
SWIGINTERN PyObject *_wrap_pick(PyObject *self, PyObject *args) {
  Py_ssize_t argc;
  PyObject *argv[3] = {
    0
  };
  
  (void)self;
  if (!(argc = SWIG_Python_UnpackTuple(args, "pick", 0, 2, argv))) SWIG_fail;
  --argc;
  if (argc == 1) {
    int _v = 0;
    {
      int res = SWIG_AsVal_int(argv[0], NULL);
      _v = SWIG_CheckState(res);
    }
    if (!_v) goto check_1;
    return _wrap_pick__SWIG_0(self, argc, argv);
  }
check_1:
  
  if (argc == 2) {
    PyObject *retobj = _wrap_pick__SWIG_1(self, argc, argv);
    if (!SWIG_Python_TypeErrorOccurred(retobj)) return retobj;
    SWIG_fail;
  }
  
fail:
  SWIG_Python_RaiseOrModifyTypeError("Wrong number or type of arguments for overloaded function 'pick'.\\n"
    "  Possible C/C++ prototypes are:\\n"
    "    pick(int)\\n"
    "    pick(char const *,int)\\n");
  return 0;
}
'''

TABLE = '/* swiggen keywords pick exact: [["x"],["s",["n",1]]] */\n'
ENTRY = '  { "pick", (PyCFunction)(void(*)(void))_wrap_pick, METH_VARARGS, "doc" },\n'


def module(*parts: str, table: str = TABLE) -> str:
    return ('#include <Python.h>\n' + table + '\nextern "C" {\n' + overload("_wrap_pick", 0, 1)
            + overload("_wrap_pick", 1, 2) + "".join(parts) + "\n}\n")


def body_of(out: str, name: str = "_wrap_pick") -> str:
    start = out.index(f"SWIGINTERN PyObject *{name}(PyObject *self, PyObject *const *")
    return out[start:out.index("\n}\n", start)]


def test_dispatcher_in_the_table_takes_keywords() -> None:
    out = rewrite(module(PICK, ENTRY))
    assert ("SWIGINTERN PyObject *_wrap_pick(PyObject *self, PyObject *const *swiggen_args, "
            "Py_ssize_t swiggen_nargs, PyObject *swiggen_kwnames) {") in out
    assert '(PyCFunction)(void(*)(void))_wrap_pick, METH_FASTCALL|METH_KEYWORDS, "doc"' in out
    body = body_of(out)
    assert '{"x", 0, 0}' in body and '{"s", 0, 0}, {"n", \'i\', "1"}' in body
    assert 'swiggen_set = {"pick", 0, 1, 2, swiggen_forms};' in body  # exact
    # a call without keywords: one test, then SWIG's unpacking and blocks
    assert ("  if (swiggen_kwnames) {\n"
            "    if (swiggen_nargs >= 0) return swiggen_kwcall_run(self, swiggen_args, "
            "swiggen_nargs, swiggen_kwnames, &swiggen_set, _wrap_pick);\n"
            "    swiggen_kw = (swiggen_kwcall *)(void *)swiggen_kwnames;\n"
            "    argc = -1;\n    goto swiggen_again;\n  }\n"
            '  if (!(argc = swiggen_fastunpack(swiggen_args, swiggen_nargs, "pick", 0, 2, argv))) '
            "SWIG_fail;\n  --argc;\nswiggen_again:\n") in body
    # each block binds the arguments to its own overload's names, SWIG's checks then decide
    assert ("  if (swiggen_kw ? (argc = swiggen_kwbind(swiggen_kw, 0, 1, argv)) == 1 : "
            "argc == 1) {") in body
    assert ("  if (swiggen_kw ? (argc = swiggen_kwbind(swiggen_kw, 1, 2, argv)) == 2 : "
            "argc == 2) {") in body
    assert "    if (swiggen_kwretry(swiggen_kw)) goto swiggen_again;\n" in body
    assert ("    swiggen_kwfail(swiggen_kw);\n  } else {\n"
            "    SWIG_Python_RaiseOrModifyTypeError(") in body
    # each overload is still called from one place (the compiler inlines it as before)
    assert out.count("_wrap_pick__SWIG_0(self, argc, argv)") == 1
    assert "swiggen keywords" not in out  # the table is read and removed
    assert out.count(HELPER) == 1 and out.count(KW_HELPER) == 1
    assert rewrite(out) == out


def test_method_dispatcher_binds_after_self() -> None:
    method = PICK.replace('(args, "pick", 0, 2, argv)', '(args, "pick", 0, 2, argv+1)') \
                 .replace("  --argc;\n", "  argv[0] = self;\n").replace("argc == 2", "argc == 3") \
                 .replace("argc == 1", "argc == 2")
    text = ('#include <Python.h>\n' + TABLE + 'extern "C" {\n' + overload("_wrap_pick", 0, 2)
            + overload("_wrap_pick", 1, 3) + method + ENTRY + "}\n")
    body = body_of(rewrite(text))
    assert 'swiggen_set = {"pick", 1, 1, 2, swiggen_forms};' in body  # argv[0] is self
    assert "swiggen_again:\n  argv[0] = self;\n" in body
    assert "swiggen_kwbind(swiggen_kw, 1, 3, argv)) == 3 : argc == 3" in body


def test_a_table_that_does_not_match_swigs_overloads_binds_by_names() -> None:
    """The overloads' arities disagree with the table (an overload the lowering did not see):
    every overload binds with each parameter list in turn (`exact` 0)."""
    for table in ['/* swiggen keywords pick exact: [["x"],["s"]] */\n',
                  '/* swiggen keywords pick exact: [["x"],["s","n"],["t"]] */\n',
                  '/* swiggen keywords pick names: [["x"],["s","n"]] */\n']:
        body = body_of(rewrite(module(PICK, ENTRY, table=table)))
        assert '{"pick", 0, 0, ' in body, table


@pytest.mark.parametrize("change", [
    lambda t: t.replace("  --argc;\n", "  --argc;\n  (void)argc;\n"),  # argc used elsewhere
    lambda t: t.replace("argc == 2) {", "argc >= 2) {"),  # another block shape
    lambda t: t.replace("_wrap_pick__SWIG_1(self", "_wrap_other__SWIG_1(self"),
    lambda t: t.replace("RaiseOrModifyTypeError(\"Wrong", "RaiseOrModifyTypeError(msg, \"Wrong"),
], ids=["argc-used", "block-shape", "calls-another", "fail-shape"])
def test_dispatchers_of_another_shape_stay_positional(change: Callable[[str], str]) -> None:
    out = rewrite(module(change(PICK), ENTRY))
    assert "swiggen_kw" not in out and "METH_FASTCALL," in out
    assert "swiggen keywords" not in out


def test_dispatcher_not_in_the_table_stays_positional() -> None:
    out = rewrite(module(PICK, ENTRY, table=""))
    assert "swiggen_kw" not in out and '_wrap_pick, METH_FASTCALL, "doc"' in out
    no_check = module(PICK, ENTRY).replace("  if ((nobjs < 2) || (nobjs > 2)) SWIG_fail;\n", "")
    assert "swiggen_kw" not in rewrite(no_check)


NEW_STATS = '''\
SWIGINTERN int _wrap_new_Stats(PyObject *self, PyObject *args, PyObject *kwargs) {
  Py_ssize_t argc;
  PyObject *argv[2] = {
    0
  };
  
  (void)self;
  if (!SWIG_Python_CheckNoKeywords(kwargs, "new_Stats")) SWIG_fail;
  if (!(argc = SWIG_Python_UnpackTuple(args, "new_Stats", 0, 1, argv))) SWIG_fail;
  --argc;
  if (argc == 0) {
    int retval = _wrap_new_Stats__SWIG_0(self, argc, argv);
    if (retval == 0 || !SWIG_Python_TypeErrorOccurred(NULL)) return retval;
    SWIG_fail;
  }
  if (argc == 1) {
    int retval = _wrap_new_Stats__SWIG_1(self, argc, argv);
    if (retval == 0 || !SWIG_Python_TypeErrorOccurred(NULL)) return retval;
    SWIG_fail;
  }
  
fail:
  SWIG_Python_RaiseOrModifyTypeError("Wrong number or type of arguments for overloaded function 'new_Stats'.\\n"
    "  Possible C/C++ prototypes are:\\n"
    "    Stats::Stats()\\n"
    "    Stats::Stats(double)\\n");
  return -1;
}
'''


def test_overloaded_constructor_takes_keywords_through_tp_init() -> None:
    text = ('#include <Python.h>\n/* swiggen keywords new_Stats exact: [[],["data"]] */\n'
            'extern "C" {\n' + overload("_wrap_new_Stats", 0, 0, "int ")
            + overload("_wrap_new_Stats", 1, 1, "int ") + NEW_STATS + "}\n")
    out = rewrite(text)
    start = out.index("SWIGINTERN int _wrap_new_Stats(PyObject *self, PyObject *args, "
                      "PyObject *kwargs) {")
    body = out[start:out.index("\n}\n", start)]
    assert ("  if (kwargs) {  /* no tuple: the run with the call (kwinit_run) */\n"
            "    if (!args) {\n      swiggen_kw = (swiggen_kwcall *)(void *)kwargs;\n") in body
    assert ("    if (swiggen_haskw(kwargs)) return swiggen_kwinit_run(self, args, kwargs, "
            "&swiggen_set, _wrap_new_Stats);\n") in body
    assert "SWIG_Python_CheckNoKeywords" not in body
    assert "{0, 0}, {1, swiggen_p1}" in body and "  return -1;" in body
    assert "swiggen_kwbind(swiggen_kw, 1, 1, argv)) == 1 : argc == 1" in body
    assert rewrite(out) == out


def test_table_lines_are_read_with_their_defaults() -> None:
    table = kwdispatch.read_table(
        '/* swiggen keywords f exact: [["a",["b",2],["c",0.5],["d","x\\/y"],["e",true],'
        '["g",null],["h"]]] */\n/* swiggen keywords g names: [["a"],[]] */\n'
        '/* swiggen keywords odd exact: [[["a",{"x":1}]]] */\n'
        '/* swiggen keywords bad exact: [[{"x":1}]] */\n')
    (f,) = table["f"].forms
    assert [(p.name, p.kind, p.value) for p in f] == [
        ("a", "", ""), ("b", "i", "2"), ("c", "f", "0.5"), ("d", "s", "x/y"), ("e", "T", ""),
        ("g", "N", ""), ("h", "?", "")]
    assert table["f"].exact and not table["g"].exact and table["g"].forms == (
        (kwdispatch.Param("a"),), ())
    assert table["odd"].forms[0][0].kind == "?"  # a value of another kind: Python cannot pass it
    assert "bad" not in table  # not a parameter: the set is left positional
