"""split.py: a wrapper as a prelude and several translation units, deterministic and stable
(one more method changes one wrapper unit and unit 0), or one unit when the text is not in the
shapes it knows. Compiled and imported split modules: tests/test_split_build.py."""

from __future__ import annotations

from pathlib import Path

from swiggen.swig import split, splitlinkage
from swiggen.swig.fastcall import HELPER, rewrite

PRELUDE = '''\
#define SWIG_TYPE_TABLE swiggen_m
#ifndef SWIGINTERN
# define SWIGINTERN static SWIGUNUSED
#endif
static swig_type_info *swig_types[3];
static swig_module_info swig_module = {swig_types, 2, 0, 0, 0, 0};
static PyObject *swiggen_exception_classes[1];
static const char doc[] = "x";
static PyMethodDef
SwigPyObject_methods[] = {
  {"disown", SwigPyObject_disown, METH_NOARGS, "x"},
  {0, 0, 0, 0}
};
SWIGRUNTIME PyTypeObject *SwigPyObject_type(void) {
  static PyTypeObject *type = SwigPyObject_TypeOnce();
  return type;
}
template <class C> swig_type_info *swiggen_type();
template <> swig_type_info *swiggen_type< ns::A >() { return SWIGTYPE_p_ns__A; }
template <> struct wrapped< ns::A > { };
'''


def wrapper_fn(name: str, calls: str = "") -> str:
    return (f"SWIGINTERN PyObject *{name}(PyObject *self, PyObject *args) {{\n"
            f"  PyObject *resultobj = 0;\n{calls}  return resultobj;\nfail:\n  return NULL;\n}}\n")


def wrapper_text(names: list[str], extra: str = "") -> str:
    functions = "\n\n".join(wrapper_fn(n) for n in names)
    table = "".join(f'  {{ "{n[6:]}", {n}, METH_VARARGS, NULL}},\n' for n in names)
    return (PRELUDE + '#ifdef __cplusplus\nextern "C" {\n#endif\n' + functions + extra
            + "\nstatic PyMethodDef SwigMethods[] = {\n" + table + "  { NULL, NULL, 0, NULL }\n"
            "};\n#ifdef __cplusplus\n}\n#endif\nSWIGEXPORT PyObject *SWIG_init(void) {}\n")


def test_small_wrappers_stay_one_unit_and_large_ones_split() -> None:
    assert split.unit_count(100_000, 0) == 1
    assert split.unit_count(split.AUTO_THRESHOLD, 0) >= 2
    assert split.unit_count(10**9, 0) == split.AUTO_MAX_UNITS
    assert split.unit_count(100, 3) == 3 and split.unit_count(10**9, 1) == 1


def test_functions_move_to_units_and_are_declared_in_unit_0() -> None:
    names = [f"_wrap_f{i}" for i in range(40)]
    out = split.split(wrapper_text(names), "m", 4)
    assert isinstance(out, split.Split)
    main, *units = out.units
    assert len(units) == 3
    for name in names:
        decl = f"SWIGGEN_SHARED PyObject *{name}(PyObject *self, PyObject *args);\n"
        assert decl in main and f"{name}(PyObject *self, PyObject *args) {{" not in main
        defined = [u for u in units if f"SWIGGEN_SHARED PyObject *{name}(PyObject *self, " \
                                      "PyObject *args) {\n" in u]
        assert len(defined) == 1 and defined[0] is units[split.unit_of(name, 4) - 1]
    assert all(u.startswith('#include "m_wrap_prelude.h"\n') for u in out.units)
    assert all(len([n for n in names if f"*{n}(PyObject *self, PyObject *args) {{" in u]) > 3
               for u in units)  # the hash spreads them
    assert "static PyMethodDef SwigMethods[]" in main and "SWIGINTERN" not in split.LINKAGE


def test_prelude_shares_statics_and_runtime() -> None:
    out = split.split(wrapper_text(["_wrap_f"]), "m", 2)
    assert isinstance(out, split.Split)
    p = out.prelude
    assert p.startswith(split.LINKAGE)
    assert "SWIGGEN_SHARED_DATA swig_type_info *swig_types[3];" in p
    assert "SWIGGEN_SHARED_DATA swig_module_info swig_module = {" in p
    assert "SWIGGEN_SHARED_DATA PyObject *swiggen_exception_classes[1];" in p
    assert "SWIGGEN_SHARED_DATA PyMethodDef\nSwigPyObject_methods[] = {" in p
    assert "static const char doc[]" in p  # constants may exist once per unit
    # a function-local static: the function is shared (inline)
    assert "SWIGGEN_SHARED_INLINE PyTypeObject *SwigPyObject_type(void) {\n  static PyTypeObject" \
        in p
    assert "template <> inline swig_type_info *swiggen_type< ns::A >()" in p
    assert "template <> struct wrapped< ns::A >" in p


def test_calls_across_units_are_declared_where_made() -> None:
    names = [f"_wrap_g{i}" for i in range(12)]
    caller = "_wrap_caller"
    calls = "".join(f"  {n}(self, args);\n" for n in names)
    text = wrapper_text(names).replace(
        "\nstatic PyMethodDef SwigMethods", "\n" + wrapper_fn(caller, calls)
        + "\nstatic PyMethodDef SwigMethods")
    out = split.split(text, "m", 3)
    assert isinstance(out, split.Split)
    unit = out.units[split.unit_of(caller, 3)]
    for n in names:
        decl = f"SWIGGEN_SHARED PyObject *{n}(PyObject *self, PyObject *args);\n"
        assert (decl in unit) == (split.unit_of(n, 3) != split.unit_of(caller, 3))


def test_overloads_and_constructor_twins_stay_together() -> None:
    group = ["_wrap_f__SWIG_0", "_wrap_f__SWIG_1", "_wrap_f"]
    assert len({split.unit_of(n, 7) for n in group}) == 1
    twins = ["_wrap_new_A", "_wrap_new_A_swiggen_twin", "_wrap_new_A_swiggen_vectorcall"]
    assert len({split.unit_of(n, 7) for n in twins}) == 1


def test_one_more_method_changes_one_wrapper_unit() -> None:
    names = [f"_wrap_C{c}_m{m}" for c in range(30) for m in range(5)]
    before = split.split(wrapper_text(names), "m", 5)
    after = split.split(wrapper_text(names + ["_wrap_C3_m99"]), "m", 5)
    again = split.split(wrapper_text(names + ["_wrap_C3_m99"]), "m", 5)
    assert isinstance(before, split.Split) and isinstance(after, split.Split)
    assert after == again  # deterministic
    changed = [i for i, (a, b) in enumerate(zip(before.units, after.units)) if a != b]
    assert changed == [0, split.unit_of("_wrap_C3_m99", 5)]
    assert before.prelude == after.prelude


def test_fastcall_helper_goes_to_every_unit_that_needs_it() -> None:
    kw = ('SWIGINTERN PyObject *_wrap_add(PyObject *self, PyObject *args, PyObject *kwargs) {\n'
          '  PyObject * obj0 = 0 ;\n  char * kwnames[] = {\n    (char *)"a",  NULL \n  };\n'
          '  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "O:add", kwnames, &obj0)) SWIG_fail;\n'
          '  return obj0;\nfail:\n  return NULL;\n}\n')
    text = wrapper_text(["_wrap_f"]).replace('#endif\nSWIGINTERN', '#endif\n' + kw + '\n\nSWIGINTERN')
    text = text.replace('  { NULL, NULL', '  { "add", (PyCFunction)(void(*)(void))_wrap_add, '
                        'METH_VARARGS|METH_KEYWORDS, NULL},\n  { NULL, NULL')
    text = rewrite(text)
    assert HELPER in text
    out = split.split(text, "m", 2)
    assert isinstance(out, split.Split)
    assert HELPER in out.units[0] and HELPER in out.units[1]  # unit 0: SWIG_init uses it too
    assert "SWIGGEN_SHARED PyObject *_wrap_add(PyObject *self, PyObject *const *swiggen_args" \
        in out.units[1]


def test_unknown_text_between_wrappers_keeps_one_unit(tmp_path: Path) -> None:
    text = wrapper_text(["_wrap_f", "_wrap_g"]).replace(
        "\n\nSWIGINTERN PyObject *_wrap_g", "\nstatic int counter = 0;\nSWIGINTERN PyObject *_wrap_g")
    refusal = split.split(text, "m", 3)
    assert isinstance(refusal, split.Refusal)
    assert "static int counter" in refusal.reason
    assert text.split("\n")[refusal.line - 1] == "static int counter = 0;"
    wrapper = tmp_path / "m_wrap.cxx"
    wrapper.write_text(text)
    sources, warning = split.sources(wrapper, 3)
    assert sources == [wrapper] and warning is not None and warning.code == "SG501"
    assert str(warning).startswith(f"{wrapper}:{refusal.line}: warning SG501: the wrapper is "
                                   "compiled as one translation unit")


def test_units_are_written_if_changed_and_stale_ones_removed(tmp_path: Path) -> None:
    wrapper = tmp_path / "m_wrap.cxx"
    wrapper.write_text(wrapper_text([f"_wrap_f{i}" for i in range(20)]))
    sources, warning = split.sources(wrapper, 4)
    assert warning is None
    assert [p.name for p in sources] == [f"m_wrap_{i}.cxx" for i in range(4)]
    assert (tmp_path / "m_wrap_prelude.h").is_file()
    mtimes = {p: p.stat().st_mtime_ns for p in sources}
    (tmp_path / "split.json").unlink()  # split again: nothing rewritten
    assert split.sources(wrapper, 4)[0] == sources
    assert {p: p.stat().st_mtime_ns for p in sources} == mtimes
    assert split.sources(wrapper, 2)[0] == sources[:2]
    assert not (tmp_path / "m_wrap_3.cxx").exists()
    assert split.sources(wrapper, 1)[0] == [wrapper]
    assert not list(tmp_path.glob("m_wrap_*"))


RUNTIME = """\
SWIGRUNTIME PyTypeObject *SwigPyObject_type(void);
SWIGINTERN int swiggen_plain(PyObject *o) {
  return o != NULL;
}
SWIGRUNTIME PyTypeObject*
SwigPyObject_type(void) {
  static PyTypeObject *type = SwigPyObject_TypeOnce();
  return type;
}
SWIGRUNTIME char *
SWIG_PackData(char *c, void *ptr, size_t sz) {
  static const char hex[17] = "0123456789abcdef";
  return c;
}
template <class T>
SWIGINTERN PyObject *swiggen_cached(const T &v) {
  static PyObject *cache = NULL;
  return cache;
}
SWIGINTERNINLINE int swiggen_small(int x) { return x + 1; }
SWIGINTERN PyObject *swiggen_global = NULL;
"""


def test_runtime_functions_with_state_are_shared_and_the_rest_stay_static() -> None:
    """A split unit compiles SWIG's runtime as one unit does (static: the compiler sees every
    call), except what must exist once: functions with function-local statics (a constant
    initialised without a call may exist per unit), in all their declarations, and variables."""
    out = splitlinkage.share(RUNTIME)
    shared = splitlinkage.SHARED
    assert out.count(f"{shared} PyTypeObject *SwigPyObject_type(void);") == 1
    assert f"{shared} PyTypeObject*\nSwigPyObject_type(void) {{" in out
    assert f"{shared} PyObject *swiggen_cached(const T &v) {{" in out
    assert f"{shared} PyObject *swiggen_global = NULL;" in out
    assert "SWIGINTERN int swiggen_plain(PyObject *o) {" in out
    assert "SWIGRUNTIME char *\nSWIG_PackData(" in out
    assert "SWIGINTERNINLINE int swiggen_small(int x)" in out
    assert splitlinkage.share(out) == out  # nothing left to change: one pass does it all
