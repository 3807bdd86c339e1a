"""compile/blame.py and compile/leaveout.py on compiler output as gcc and clang print it: each
error with its context, the generated function a wrapper line is in, and the declaration that
function was generated for (no compiler run here)."""

from __future__ import annotations

from pathlib import Path

from swiggen.compile import blame, leaveout
from swiggen.diagnostics import Loc
from swiggen.lower.plan import Origin

GCC = """\
In file included from /b/x_wrap.cxx:4228:
/src/x.h: In instantiation of 'T lo::Box::as() const [with T = int]':
/b/x_wrap.cxx:40:81:   required from here
/src/x.h:21:53: error: 'from' is not a member of 'int'
   21 |     template <class T> T as() const { return T::from(3); }
      |                                              ~~~~~~~^~~
/b/x_wrap.cxx: In function 'bool lo_Verdict__swiggen_eq(const lo::Verdict*, const lo::Verdict&)':
/b/x_wrap.cxx:12:30: error: cannot convert 'std::string' to 'bool' in return
In file included from /usr/include/c++/12/memory:66,
                 from /src/x.h:2:
/usr/include/c++/12/bits/stl_uninitialized.h: In instantiation of 'constexpr bool f()':
/usr/include/c++/12/bits/stl_vector.h:601:31:   required from 'std::vector<_Tp>::vector(const vector&)'
/src/x.h:11:8:   required from 'T* swiggen::copy_of(const T&) [with T = lo::Holder]'
/b/x_wrap.cxx:20:91:   required from here
/usr/include/c++/12/bits/stl_uninitialized.h:90:56: error: static assertion failed
/usr/include/c++/12/bits/stl_uninitialized.h:90:56: note: 'value' evaluates to false
/src/user.cpp:3:22: error: 'nope' was not declared in this scope
"""

WRAPPER = """\
#include "x.h"
static int helper(int x) { return x; }

SWIGINTERN bool lo_Verdict__swiggen_eq(lo::Verdict const *self,lo::Verdict const &other){  return (*self) == other; }
SWIGINTERN lo::Holder *lo_Holder___copy__(lo::Holder const *self){ return swiggen::copy_of(*self); }
SWIGINTERN lo::Holder *new_lo_Holder(int tag=0){
    lo::Holder *self_ = new lo::Holder();
    self_->items = items;
    return self_;
  }
SWIGINTERN PyObject *_wrap_Box_as_int(PyObject *self, PyObject *args) {
  PyObject *resultobj = 0;
  {
    result = (int)((lo::Box const *)arg1)->as< int >();
  }
  return resultobj;
fail:
  return NULL;
}
"""


def test_errors_keep_their_context_and_chain() -> None:
    errors = blame.errors(GCC)
    assert [(e.file, e.line) for e in errors] == [
        ("/src/x.h", 21), ("/b/x_wrap.cxx", 12),
        ("/usr/include/c++/12/bits/stl_uninitialized.h", 90), ("/src/user.cpp", 3)]
    first = errors[0]
    assert first.message == "'from' is not a member of 'int'"
    assert ("/b/x_wrap.cxx", 40) in first.positions  # its "required from here"
    assert any("In instantiation of" in line for line in first.context)
    assert any("~~~~~~~^~~" in line for line in first.context)  # the caret stays with it
    # include positions name #include lines, never the cause
    assert ("/b/x_wrap.cxx", 4228) not in first.positions
    third = errors[2]
    assert ("/b/x_wrap.cxx", 20) == third.positions[-2] and third.positions[-1][1] == 90
    assert any("note: 'value'" in line for line in third.context)
    assert "In function 'bool lo_Verdict" in errors[1].context[0]


def test_the_enclosing_generated_function() -> None:
    lines = WRAPPER.splitlines()

    def at(text: str) -> str:
        return blame.enclosing(lines, next(i for i, t in enumerate(lines, 1) if text in t))

    assert at("return (*self) == other") == "lo_Verdict__swiggen_eq"  # a one-line helper
    assert at("copy_of(*self)") == "lo_Holder___copy__"
    assert at("self_->items = items") == "new_lo_Holder"
    assert at("->as< int >()") == "_wrap_Box_as_int"
    assert blame.enclosing(lines, 1) == ""  # outside any function
    assert blame.symbol("_wrap_Box_get__SWIG_1") == "Box_get"
    assert blame.symbol("lo_Box___eq__") == "lo_Box___eq__"
    assert blame.symbol("_wrap_new_Reader_swiggen_twin") == "new_Reader"
    assert blame.symbol("_wrap_Box_get__SWIG_0_swiggen_vectorcall") == "Box_get"


def test_trace_maps_functions_to_declarations(tmp_path: Path) -> None:
    wrapper = tmp_path / "x_wrap.cxx"
    lines = WRAPPER.splitlines()
    wrapper.write_text(WRAPPER)

    def line_of(text: str) -> int:
        return next(i for i, t in enumerate(lines, 1) if text in t)

    output = (f"{wrapper}:{line_of('->as< int >()')}:5: error: 'from' is not a member\n"
              f"{wrapper}:{line_of('return (*self) == other')}:9: error: cannot convert\n"
              f"{wrapper}:{line_of('copy_of(*self)')}:9: error: static assertion failed\n"
              f"{wrapper}:{line_of('self_->items')}:9: error: use of deleted function\n")
    at = Loc("x.h", 5)
    origins = {
        "Box": [Origin("lo::Box", at, "Box", "class")],
        "Box_as_int": [Origin("lo::Box::as() const", at, "Box.as_int")],
        "Verdict": [Origin("lo::Verdict", at, "Verdict", "class")],
        "Verdict__swiggen_eq": [Origin("lo::Verdict::operator==(const lo::Verdict &) const",
                                       at, "Verdict.__eq__")],
        "Holder": [Origin("lo::Holder", at, "Holder", "class")],
        "Holder___copy__": [Origin("lo::Holder", at, "Holder.__copy__", "copy")],
        "Holder_items_set": [Origin("lo::Holder::items", at, "Holder.items", "assign")],
    }
    result = leaveout.trace(output, [wrapper], origins)
    assert not result.untraced
    assert {(f.origin.python, f.origin.kind) for f in result.found} == {
        ("Box.as_int", "ignore"), ("Verdict.__eq__", "ignore"), ("Holder.__copy__", "copy"),
        ("Holder.items", "assign")}
    # an error in a user's source is traced to nothing: the build fails as before
    user = leaveout.trace("/src/user.cpp:3:22: error: 'nope' was not declared\n", [wrapper],
                          origins)
    assert not user.found and len(user.untraced) == 1


def test_a_symbol_nothing_names_falls_back_to_its_class(tmp_path: Path) -> None:
    at = Loc("x.h", 5)
    origins = {"Box": [Origin("lo::Box", at, "Box", "class")]}
    classes = leaveout._classes(origins)
    assert leaveout._lookup("Box_swigregister", origins, classes)[0].key == "lo::Box"
    assert leaveout._lookup("delete_Box", origins, classes)[0].key == "lo::Box"
    assert leaveout._lookup("lo_Box___hash__", origins, classes)[0].key == "lo::Box"
    assert leaveout._lookup("Boxes_get", origins, classes) == []


def test_a_registration_in_the_module_init_is_traced_to_its_function(tmp_path: Path) -> None:
    """A free function passed where C++ takes a function pointer is registered in the module's
    init (SWIGGEN_FNPTR_DIRECT): a registration the compiler rejects (libpng's
    png_write_chunk_data, its pointee's const once lost) leaves that function out, not the
    build failing with an error in SWIG_mod_exec traced to nothing."""
    text = ("SWIGINTERN int SWIG_mod_exec(PyObject *m) {\n"
            "  PyObject *d = PyModule_GetDict(m);\n"
            '  swiggen::fnptr_conv< void (*)(int *) >::add(d, "write_data", &write_data);\n'
            '  swiggen::function_conv< int (int) >::add_direct(d, "twice", &ns::twice);\n'
            "}\n"
            'static const swiggen_const_twin swiggen_const_twin_Node_first("Node_first");\n')
    wrapper = tmp_path / "x_wrap.cxx"
    wrapper.write_text(text)
    output = (f"{wrapper}: In function 'int SWIG_mod_exec(PyObject*)':\n"
              f"{wrapper}:3:75: error: invalid conversion from 'void (*)(const int*)' to "
              "'void (*)(int*)' [-fpermissive]\n"
              f"{wrapper}:4:60: error: invalid conversion\n"
              f"{wrapper}:6:33: error: redefinition of 'const swiggen_const_twin "
              "swiggen_const_twin_Node_first'\n")
    origins = {"write_data": [Origin("write_data", Loc("x.h", 3), "write_data")],
               "twice": [Origin("ns::twice", Loc("x.h", 4), "twice")],
               "Node_first": [Origin("ot::Node::first", Loc("x.h", 5), "Node.first")]}
    result = leaveout.trace(output, [wrapper], origins)
    assert sorted(f.origin.key for f in result.found) == ["ns::twice", "ot::Node::first",
                                                          "write_data"]
    assert not result.untraced


def test_an_error_inside_a_runtime_template_is_traced_to_its_caller(tmp_path: Path) -> None:
    """swiggen_new_impl (swiggen's runtime) is no declaration's: the chain goes on to the
    wrapper that instantiated it."""
    text = ("template <class T> T *swiggen_new_impl(const T &a) {\n"
            "    return new T(a);\n"
            "}\n"
            "SWIGINTERN PyObject *_wrap_Box_get(PyObject *self, PyObject *args) {\n"
            "  result = swiggen_new_impl(x);\n"
            "}\n")
    wrapper = tmp_path / "x_wrap.cxx"
    wrapper.write_text(text)
    output = (f"{wrapper}: In instantiation of 'T* swiggen_new_impl(const T&) [with T = Box]':\n"
              f"{wrapper}:5:30:   required from here\n"
              f"{wrapper}:2:12: error: 'Box::Box(const Box&)' is private within this context\n")
    origins = {"Box_get": [Origin("lo::Box::get", Loc("x.h", 3), "Box.get")]}
    result = leaveout.trace(output, [wrapper], origins)
    assert [f.origin.key for f in result.found] == ["lo::Box::get"] and not result.untraced


def test_swig_errors_are_traced_to_the_declarations_at_their_lines() -> None:
    at101, at146 = Loc("/usr/include/x/db.h", 101), Loc("/usr/include/x/db.h", 146)
    origins = {"open": [Origin("x::InMemory::open", at101, "open")],
               "Chert_open": [Origin("x::Chert::open", at146, "Chert_open")]}
    output = ("/usr/include/x/db.h:146: Error: 'open' is multiply defined in the generated "
              "target language module.\n"
              "/usr/include/x/db.h:101: Error: Previous declaration of 'open'\n")
    found = leaveout.trace_swig(output, origins)
    assert [(f.origin.key, f.where) for f in found] == [("x::Chert::open", "swig")]
    # an error at no declaration (the interface's own lines) is not fixed by leaving out
    assert leaveout.trace_swig("x.i:12: Error: Syntax error in input(1).\n", origins) == []


def test_an_undefined_copy_constructor_is_no_copies() -> None:
    from swiggen.rounds import _COPY_CONSTRUCTOR

    m = _COPY_CONSTRUCTOR.match("Xapian::Weight::Weight(Xapian::Weight const&)")
    assert m is not None and m["cls"] == "Xapian::Weight"
    assert _COPY_CONSTRUCTOR.match("C::C(C const&)") is not None
    assert _COPY_CONSTRUCTOR.match("a::B::f(a::B const&)") is None
