"""split.py: a wrapper as a prelude and several translation units, deterministic and stable
(one more method of a class changes its class's unit; of the module, its unit and unit 0), or
one unit when the text is not in the shapes it knows. Compiled and imported split modules: tests/test_split_build.py."""

from __future__ import annotations

from pathlib import Path

import pytest

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


def test_a_long_shared_function_and_its_prototype_are_both_outline() -> None:
    """A shared function longer than OUTLINE_LINES is `noinline`: its prototype must say so too
    (gcc warns of a `noinline` definition after an `inline` declaration)."""
    body = "".join(f"  x += {i};\n" for i in range(splitlinkage.OUTLINE_LINES + 1))
    text = ("SWIGRUNTIME PyTypeObject *SwigPyObject_TypeOnce(void);\n"
            "SWIGRUNTIME PyTypeObject *\nSwigPyObject_TypeOnce(void) {\n"
            "  static int x = 0;\n" + body + "  return 0;\n}\n")
    out = splitlinkage.share(text)
    outline = splitlinkage.SHARED_OUTLINE
    assert out.count(f"{outline} PyTypeObject *") == 2 and f"{splitlinkage.SHARED} " not in out


def class_block(cls: str, methods: list[str]) -> str:
    """A class's tables as SWIG -builtin writes them after the module's method table."""
    key = f"SwigPyBuiltin__ns__{cls}"
    rows = "".join(f'  {{ "{m}", _wrap_{cls}_{m}, METH_NOARGS, "" }},\n' for m in methods)
    return (f"\nSWIGINTERN PyMethodDef {key}_methods[] = {{\n{rows}"
            "  { NULL, NULL, 0, NULL } /* Sentinel */\n};\n\n"
            f"static PyHeapTypeObject {key}_type = {{\n  {key}_methods,\n"
            f"  _wrap_delete_{cls}_destructor_closure,\n}};\n\n"
            f"static PyTypeObject *{key}_type_create(PyTypeObject *type, PyTypeObject **bases, "
            "PyObject *dict) {\n"
            f"  return (PyTypeObject *)&{key}_type;\n}}\n"
            f"SWIGINTERN SwigPyClientData {key}_clientdata = {{0, 0, 0, 0, 0, 0, 0}};\n")


def class_text(classes: dict[str, list[str]], init: str = "") -> str:
    """A wrapper of classes: their method wrappers, destructors, closures and blocks, the
    type info naming their client data and an init function creating their types."""
    names = [f"_wrap_{c}_{m}" for c, ms in classes.items() for m in ms]
    names += [f"_wrap_delete_{c}" for c in classes]
    functions = "\n\n".join(wrapper_fn(n) for n in names)
    closures = "".join(f"SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_{c}) /* defines "
                       f"_wrap_delete_{c}_destructor_closure */\n\n" for c in classes)
    blocks = "".join(class_block(c, ms) for c, ms in classes.items())
    info = "".join(f'static swig_type_info _swigt__p_ns__{c} = {{"_p_ns__{c}", "ns::{c} *", 0, 0, '
                   f"(void*)&SwigPyBuiltin__ns__{c}_clientdata, 0}};\n" for c in classes)
    create = "".join(f"  SwigPyBuiltin__ns__{c}_type_create(0, 0, 0);\n" for c in classes)
    return (PRELUDE + '#ifdef __cplusplus\nextern "C" {\n#endif\n' + functions + "\n\n"
            + closures + "static PyMethodDef SwigMethods[] = {\n  { NULL, NULL, 0, NULL }\n};\n"
            + blocks + "\n" + info + init + "#ifdef __cplusplus\n}\n#endif\n"
            "SWIGINTERN int SWIG_mod_exec(PyObject *m) {\n" + create + "  return 0;\n}\n")


def test_a_class_wrappers_closures_and_tables_share_its_unit() -> None:
    classes = {f"K{i}": [f"m{j}" for j in range(4)] for i in range(12)}
    out = split.split(class_text(classes), "m", 5)
    assert isinstance(out, split.Split)
    main = out.units[0]
    for c in classes:
        key = f"SwigPyBuiltin__ns__{c}"
        unit = out.units[split.unit_of(key, 5)]
        assert f"SWIGGEN_SHARED PyObject *_wrap_{c}_m0(PyObject *self, PyObject *args) {{" in unit
        assert f"SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_{c})" in unit
        assert f"SWIGINTERN PyMethodDef {key}_methods[] = {{" in unit
        # unit 0 reaches the class through its client data and type_create, given linkage
        assert f"SWIGGEN_SHARED SwigPyClientData {key}_clientdata = {{" in unit
        assert f"\nSWIGGEN_SHARED PyTypeObject *{key}_type_create(PyTypeObject *type" in unit
        assert f"extern SWIGGEN_SHARED SwigPyClientData {key}_clientdata;\n" in main
        assert (f"SWIGGEN_SHARED PyTypeObject *{key}_type_create(PyTypeObject *type, "
                "PyTypeObject **bases, PyObject *dict);\n") in main
        assert f"{key}_methods" not in main and f"_wrap_{c}_m0" not in main
        assert "DESTRUCTOR_CLOSURE" not in main


def test_one_more_method_changes_its_class_unit_only() -> None:
    classes = {f"K{i}": [f"m{j}" for j in range(4)] for i in range(12)}
    before = split.split(class_text(classes), "m", 5)
    classes["K3"].append("extra")
    after = split.split(class_text(classes), "m", 5)
    assert isinstance(before, split.Split) and isinstance(after, split.Split)
    changed = [i for i, (a, b) in enumerate(zip(before.units, after.units)) if a != b]
    assert changed == [split.unit_of("SwigPyBuiltin__ns__K3", 5)]
    assert before.prelude == after.prelude


def test_a_block_named_outside_it_stays_in_unit_0() -> None:
    classes = {"K0": ["m0"], "K1": ["m0"]}
    init = "static PyTypeObject *first = (PyTypeObject *)&SwigPyBuiltin__ns__K0_type;\n"
    out = split.split(class_text(classes, init), "m", 3)
    assert isinstance(out, split.Split)
    main = out.units[0]
    assert "static PyHeapTypeObject SwigPyBuiltin__ns__K0_type = {" in main
    # with what it names: the closure stays, its destructor is declared
    assert "SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_K0)" in main
    assert "SWIGGEN_SHARED PyObject *_wrap_delete_K0(PyObject *self, PyObject *args);" in main
    assert "SWIGINTERN SwigPyClientData SwigPyBuiltin__ns__K0_clientdata" in main
    assert "static PyHeapTypeObject SwigPyBuiltin__ns__K1_type" not in main


SIGNATURES = """\
  {
    static const swiggen_signature table[] = {
      {
        "K0_m0", "f\\tK0.m0\\n1\\tself\\tK0\\n"
      },
      {
        "K1_m0", "f\\tK1.m0\\n1\\tself\\tK1\\n"
      },
      {
        "gone", "f\\tgone\\n"
      },
      {
        0, 0
      }
    };
    static swiggen_signature_rows rows = {
      table, 0, 0, 0
    };
    swiggen_add_signatures(&rows);
  }
"""


def test_signature_rows_go_to_the_unit_of_their_wrapper() -> None:
    text = class_text({"K0": ["m0"], "K1": ["m0"]}).replace(
        "  return 0;\n}\n", SIGNATURES + "  return 0;\n}\n")
    out = split.split(text, "m", 3)
    assert isinstance(out, split.Split)
    main = out.units[0]
    for c in ("K0", "K1"):
        unit = out.units[split.unit_of(f"SwigPyBuiltin__ns__{c}", 3)]
        assert f'"{c}_m0", "f\\tK{c[1]}.m0' in unit and f'"{c}_m0"' not in main
    for k in (1, 2):  # every unit's table, rows or not, so unit 0 does not change with rows
        assert f"extern SWIGGEN_SHARED const swiggen_signature swiggen_signatures_{k}[];" in main
        assert f"swiggen_add_signatures(&rows_{k});" in main
        assert f"extern SWIGGEN_SHARED const swiggen_signature swiggen_signatures_{k}[] = {{" \
            in out.units[k]
    assert '"gone", "f\\tgone\\n"' in main  # a row of no wrapper stays


def test_a_signature_table_in_another_shape_stays_whole() -> None:
    odd = SIGNATURES.replace("swiggen_add_signatures(&rows);", "register_rows(&rows);")
    text = class_text({"K0": ["m0"], "K1": ["m0"]}).replace(
        "  return 0;\n}\n", odd + "  return 0;\n}\n")
    out = split.split(text, "m", 3)
    assert isinstance(out, split.Split)
    assert '"K0_m0"' in out.units[0] and '"K1_m0"' in out.units[0]
    assert "swiggen_signatures_1" not in "".join(out.units)


def test_a_large_class_spreads_its_wrappers_and_keeps_its_tables_in_its_unit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A class of more than LARGE_CLASS bytes of wrappers has them spread by their own names;
    its block and closures still go to the class's unit (its destructor declared there)."""
    monkeypatch.setattr(split, "LARGE_CLASS", 100)
    classes = {f"K{i}": [f"m{j}" for j in range(6)] for i in range(4)}
    out = split.split(class_text(classes), "m", 5)
    assert isinstance(out, split.Split)
    assert "_clientdata = {" not in out.units[0] and "_CLOSURE(" not in out.units[0]
    for c in classes:
        unit = split.unit_of(f"SwigPyBuiltin__ns__{c}", 5)
        text = out.units[unit]
        assert f"SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_{c})" in text
        declared = f"SWIGGEN_SHARED PyObject *_wrap_delete_{c}(PyObject *self, PyObject *args);"
        assert (declared in text) == (split.unit_of(f"_wrap_delete_{c}", 5) != unit)
    spread = {split.unit_of(f"_wrap_K0_m{j}", 5) for j in range(6)}
    assert all(f"PyObject *_wrap_K0_m{j}(PyObject *self, PyObject *args) {{"
               in out.units[split.unit_of(f"_wrap_K0_m{j}", 5)] for j in range(6))
    assert len(spread) > 1


def test_blocks_that_name_each_other_stay_together() -> None:
    """A block naming another's static (a slot shared through %feature, say) cannot reach it
    in another unit: unless both go to one unit, both stay in unit 0."""
    classes = {f"K{i}": ["m0"] for i in range(8)}
    units = {c: split.unit_of(f"SwigPyBuiltin__ns__{c}", 3) for c in classes}
    a, b = next((x, y) for x in classes for y in classes if units[x] != units[y])
    text = class_text(classes).replace(
        f"  {{ NULL, NULL, 0, NULL }} /* Sentinel */\n}};\n\nstatic PyHeapTypeObject "
        f"SwigPyBuiltin__ns__{b}_type",
        f"  {{ NULL, NULL, 0, NULL }} /* Sentinel */\n}};\n/* &SwigPyBuiltin__ns__{a}_type */\n"
        f"static PyTypeObject *{b}_base = (PyTypeObject *)&SwigPyBuiltin__ns__{a}_type;\n\n"
        f"static PyHeapTypeObject SwigPyBuiltin__ns__{b}_type")
    assert f"{b}_base" in text
    out = split.split(text, "m", 3)
    assert isinstance(out, split.Split)
    main = out.units[0]
    for c in (a, b):
        assert f"SWIGINTERN SwigPyClientData SwigPyBuiltin__ns__{c}_clientdata" in main
    others = [c for c in classes if c not in (a, b)]
    assert all(f"SwigPyBuiltin__ns__{c}_methods[]" not in main for c in others)
