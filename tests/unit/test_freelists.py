"""freelists.py and scalars.py: C++ objects constructed into kept blocks, and the inlined
int/double conversions; what they rewrite, when they leave SWIG's text alone, and that the
objects behave as before (ownership, disown, refcounts, subclasses, exceptions)."""

from __future__ import annotations

import gc
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

import pytest
from swiggen import owned
from swiggen.swig import freelists, scalars
from swiggen.swig.fastcall import HELPER, rewrite

NEW_NODE = '''\
SWIGINTERN int _wrap_new_Node__SWIG_0(PyObject *self, Py_ssize_t nobjs, PyObject **swig_obj) {
  PyObject *resultobj = 0;
  own::Node *result = 0 ;
  {
    try {
      result = (own::Node *)new own::Node(arg1);
    } catch (...) {
      SWIG_fail;
    }
  }
  resultobj = SWIG_NewPointerObj(SWIG_as_voidptr(result), SWIGTYPE_p_own__Node, SWIG_BUILTIN_INIT |  0 );
  swiggen_borrowed_result(resultobj, self);
  return resultobj == Py_None ? -1 : 0;
fail:
  return -1;
}
'''

DELETE_NODE = '''\
SWIGINTERN PyObject *_wrap_delete_Node(PyObject *self, PyObject *args) {
  PyObject *resultobj = 0;
  own::Node *arg1 = 0 ;
  
  if (!SWIG_Python_UnpackTuple(args, "delete_Node", 0, 0, 0)) SWIG_fail;
  {
    static swiggen_self_cache swiggen_self_cache_ = {
      0, 0, 0
    };
    res1 = swiggen_self_ptr_cached(self, &argp1, SWIGTYPE_p_own__Node, &swiggen_self_cache_);
  }
  {
    try {
      delete arg1;
    } catch (...) {
      SWIG_fail;
    }
  }
  resultobj = SWIG_Py_Void();
  return resultobj;
fail:
  return NULL;
}


SWIGPY_DESTRUCTOR_CLOSURE(_wrap_delete_Node) /* defines _wrap_delete_Node_destructor_closure */
'''

CLOSURE = '''\
#define SWIGPY_DESTRUCTOR_CLOSURE(wrapper)			\\
SWIGINTERN void							\\
wrapper##_destructor_closure(PyObject *a) {			\\
    SwigPyBuiltin_destructor_closure(wrapper, #wrapper, a);	\\
}
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

AS_DOUBLE = '''\
SWIGINTERN int
SWIG_AsVal_double (PyObject *obj, double *val)
{
  int res = SWIG_TypeError;
  if (PyFloat_Check(obj)) {
    if (val) *val = PyFloat_AsDouble(obj);
    return SWIG_OK;
  }
  return res;
}
'''

AS_LONG_INT = '''\
SWIGINTERN int
SWIG_AsVal_long (PyObject *obj, long* val)
{
  return SWIG_TypeError;
}


SWIGINTERN int
SWIG_AsVal_int (PyObject * obj, int *val)
{
  long v;
  int res = SWIG_AsVal_long (obj, &v);
  return res;
}
'''


def module(*parts: str) -> str:
    return '#include <Python.h>\n\nextern "C" {\n' + "\n".join(parts) + "\n}\n"


def test_constructor_and_destructor_go_through_the_free_lists() -> None:
    out = rewrite(module(NEW_NODE, DELETE_NODE))
    assert "result = (own::Node *)swiggen_new< own::Node >(arg1);" in out
    assert "swiggen_borrowed_result" not in out  # never applies to SWIG_BUILTIN_INIT's result
    assert "      swiggen_delete(arg1);\n" in out and "delete arg1" not in out
    assert 'if (args && !SWIG_Python_UnpackTuple(args, "delete_Node", 0, 0, 0)) SWIG_fail;' in out
    assert out.count("struct swiggen_pool") == 1 and HELPER in out
    assert rewrite(out) == out


def test_wrappers_that_release_the_gil_keep_new_and_delete() -> None:
    nogil = NEW_NODE.replace("    try {\n", "    try {\n      swiggen_nogil nogil_;\n")
    assert "swiggen_new<" not in rewrite(module(nogil))
    assert freelists.pooled("_wrap_new_Node", nogil) == nogil
    two = DELETE_NODE.replace("      delete arg1;\n", "      delete arg1;\n      delete arg1;\n")
    assert freelists.pooled("_wrap_delete_Node", two) == two  # not SWIG's shape
    called = DELETE_NODE + "PyObject *f(PyObject *o) { return _wrap_delete_Node(o, NULL); }\n"
    assert "swiggen_delete" not in rewrite(module(called))  # someone else calls it


def test_dealloc_fetches_the_error_state_only_when_set() -> None:
    out = rewrite(module(CLOSURE))
    assert "if (PyErr_Occurred()) PyErr_Fetch(&type, &value, &traceback);" in out
    assert "if (type || PyErr_Occurred()) PyErr_Restore(type, value, traceback);" in out
    assert "    PyObject_Free(a);\n" in out  # the Python object's memory: CPython's allocator
    assert rewrite(out) == out
    other = CLOSURE.replace("    PyErr_Restore(type, value, traceback);\n", "")
    assert "if (PyErr_Occurred())" not in rewrite(module(other))


def test_conversions_inline_the_common_case() -> None:
    out = rewrite(module(HELPER, AS_DOUBLE))  # SWIG emits the helpers first (fastcall.swg)
    assert "SWIGINTERN int\nswiggen_SWIG_AsVal_double_slow (PyObject *obj, double *val)\n" in out
    # the inline function with the fast path is the fragment's (interfaces/python/fastcall.swg), used
    # after SWIG's function, which it calls
    assert "SWIGGEN_FORCE_INLINE int SWIG_AsVal_double(PyObject *obj, double *val) { \\\n" in HELPER
    assert "__attribute__((always_inline))" in HELPER  # inlined in a module of any size
    assert "  if (PyFloat_CheckExact(obj)) { \\\n" in HELPER
    assert "  return swiggen_SWIG_AsVal_double_slow(obj, val); \\\n}\n" in HELPER
    assert out.index("\nswiggen_SWIG_AsVal_double_slow (") < \
        out.index("\nSWIGGEN_INLINE_SWIG_AsVal_double\n")
    assert rewrite(out) == out
    assert scalars.plain_edits(module(HELPER, AS_DOUBLE + AS_DOUBLE)) == []  # not SWIG's shape
    value = ("SWIGINTERN PyObject *_wrap_make_outer(PyObject *self, PyObject *args) {\n"
             "  resultobj = SWIG_NewPointerObj((new own::Outer(result)), SWIGTYPE_p_own__Outer, "
             "SWIG_POINTER_OWN |  0 );\n  return resultobj;\n}\n")
    assert "swiggen_new" not in rewrite(module(value))  # no pools (fastcall.HELPER) in the file
    out = rewrite(module(NEW_NODE, value))
    assert "SWIG_NewPointerObj((swiggen_new< own::Outer >(result)), SWIGTYPE_p_own__Outer" in out
    assert rewrite(out) == out
    ints = rewrite(module(HELPER, AS_LONG_INT))
    assert ints.count("SWIGINTERNINLINE int swiggen_compact_long(PyObject *obj, long *v) {") == 1
    assert ints.index("swiggen_compact_long(PyObject") < ints.index("swiggen_SWIG_AsVal_long_slow")
    assert ints.index("\nswiggen_SWIG_AsVal_int_slow (") < \
        ints.index("\nSWIGGEN_INLINE_SWIG_AsVal_int\n")
    assert "\nSWIGGEN_INLINE_SWIG_AsVal_long\n" in ints
    assert rewrite(ints) == ints


def _compile_and_run(source: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    src, exe = tmp_path / "t.cpp", tmp_path / "t"
    src.write_text(source)
    proc = subprocess.run(["g++", "-std=c++17", "-O2", f"-I{sysconfig.get_paths()['include']}",
                           str(src), "-o", str(exe)], capture_output=True, text=True)
    return proc if proc.returncode else subprocess.run([str(exe)], capture_output=True, text=True)


@pytest.mark.compile
def test_only_classes_whose_new_and_delete_are_the_global_ones_reuse_blocks(tmp_path: Path) -> None:
    checks = '''
struct Plain { double x, y; };
struct Poly { virtual ~Poly(); };
struct OwnNew { static void *operator new(std::size_t); static void operator delete(void *); };
struct OwnDelete { static void operator delete(void *, std::size_t); };
struct alignas(64) Wide { char c; };
struct Big { char c[1000]; };
struct Incomplete;
struct Derived : Plain { int z; };
static_assert(swiggen_reusable<Plain>::value, "plain");
static_assert(swiggen_reusable<Derived>::value, "derived, not polymorphic");
static_assert(!swiggen_reusable<Poly>::value, "polymorphic");
static_assert(!swiggen_reusable<OwnNew>::value, "class operator new");
static_assert(!swiggen_reusable<OwnDelete>::value, "class operator delete");
static_assert(!swiggen_reusable<Wide>::value, "over-aligned");
static_assert(!swiggen_reusable<Big>::value, "large");
static_assert(!swiggen_reusable<Incomplete>::value, "incomplete");
void *OwnNew::operator new(std::size_t n) { return ::operator new(n); }
void OwnNew::operator delete(void *p) { ::operator delete(p); }
int main() {
  swiggen_delete(new Derived());  /* never constructed by swiggen_new: no block kept */
  if (swiggen_pool<Derived>::count != 0) return 1;
  Plain *p = swiggen_new<Plain>();
  void *block = p;
  swiggen_delete(p);
  if (swiggen_pool<Plain>::count != 1) return 2;
  Plain *q = swiggen_new<Plain>(Plain{1.0, 2.0});  /* the same block, constructed again */
  if ((void *)q != block || q->y != 2.0 || swiggen_pool<Plain>::count != 0) return 3;
  const Plain *c = q;
  swiggen_delete(c);
  delete swiggen_new<Plain>();  /* C++ deleting a pooled object (after disown) */
  OwnNew *o = swiggen_new<OwnNew>();
  swiggen_delete(o);
  if (swiggen_pool<OwnNew>::count != 0) return 4;
  return 0;
}
'''
    pools = HELPER[HELPER.index("/* swiggen: C++ objects constructed into kept blocks"):
                   HELPER.index('}  // extern "C++"') + len('}  // extern "C++"')]
    proc = _compile_and_run("#include <Python.h>\n" + pools + "\n" + checks, tmp_path)
    assert proc.returncode == 0, proc.stderr


def test_reused_objects_and_blocks_keep_ownership_right(case_module: Any) -> None:
    ow = case_module("ownership")
    live, destroyed = ow.live_nodes(), ow.destroyed_nodes()
    for i in range(50):  # fill the class's block list, then take from it
        assert ow.Node(i).value == i
    assert (ow.live_nodes(), ow.destroyed_nodes()) == (live, destroyed + 50)
    node = ow.Node(7)
    assert sys.getrefcount(node) == 2 and owned(node)
    scene = ow.Scene()
    scene.add(node)  # disown: C++ deletes the node (a reused block) with the scene
    assert not owned(node)
    del node
    gc.collect()
    assert ow.live_nodes() == live + 1 and scene.first().value == 7
    for i in range(20):
        ow.Node(i)
    assert scene.first().value == 7  # a disowned block is never handed out again
    del scene
    gc.collect()
    assert ow.live_nodes() == live
    made = ow.make_node(3)  # allocated by C++'s own `new`, deleted (or kept) by Python
    copied = ow.Node(made)
    assert (made.value, copied.value) == (3, 3)
    del made, copied
    assert ow.live_nodes() == live


def test_subclasses_and_failed_constructors(case_module: Any) -> None:
    ow, ex = case_module("ownership"), case_module("exceptions")

    class Sub(ow.Node):
        pass

    live = ow.live_nodes()
    objs = [Sub(i) for i in range(30)] + [ow.Node(i) for i in range(30)]
    assert ow.live_nodes() == live + 60
    del objs  # subclass instances free their C++ objects through the same destructor
    fresh = [Sub(i) for i in range(30)]
    assert [o.value for o in fresh] == list(range(30)) and ow.live_nodes() == live + 30
    one = Sub(5)
    assert sys.getrefcount(one) == 2
    del one
    del fresh
    assert ow.live_nodes() == live
    for _ in range(20):  # the C++ constructor throws: the block goes back, nothing leaks
        with pytest.raises(ValueError, match="negative size"):
            ex.Guarded(-1)
        assert ex.Guarded(2).value() == 2


def test_conversions_accept_what_they_did(case_module: Any) -> None:
    fn = case_module("functions")
    assert fn.pick(4) == 5 and fn.pick(4.0) == 2.0 and fn.pick("x") == "<x>"
    assert fn.pick(0) == 1 and fn.pick(-1) == 0 and fn.pick(2 ** 30) == 2 ** 30 + 1
    assert fn.pick(True) == 2  # a bool is an int subclass: SWIG's own path
    assert fn.pick(-(2 ** 30)) == -(2 ** 30) + 1 and fn.pick(2 ** 31 - 2) == 2 ** 31 - 1
    assert fn.pick(2 ** 40) == 2.0 ** 39  # too large for int: on to the double overload

    class F(float):
        pass

    assert fn.pick(F(3.0)) == 1.5
