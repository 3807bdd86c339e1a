"""Overridable virtuals without a compile: lower/directors.py's decisions, the config switch,
the generated interface lines, and directorfix.py's rewrite of SWIG's director code."""

from __future__ import annotations

from pathlib import Path

from swiggen.swig import directorfix
from swiggen.config import load_config
from swiggen.diagnostics import Diagnostics, Loc
from swiggen.lower import lower
from swiggen.lower.context import ConfigAnnotations, Context
from swiggen.lower.directors import lower_directors
from swiggen.model import Class, Directive, Function, Header, TypeKind, TypeRef

LOC = Loc("v.h", 3)
INT = TypeRef("int", "int", TypeKind.INT)
VOID = TypeRef("void", "void", TypeKind.VOID)


def method(name: str, result: TypeRef = INT, noexcept: bool = False,
           virtual: bool = True) -> Function:
    return Function(name, f"ns::X::{name}", (), result, LOC, is_virtual=virtual,
                    is_noexcept=noexcept, is_const=noexcept)


def cls(name: str, *methods: Function, marked: bool = False, bases: tuple[str, ...] = (),
        virtual_dtor: bool = True) -> Class:
    return Class(name, f"ns::{name}", False, LOC, bases=bases, methods=methods,
                 directives=(Directive("overridable", (), LOC),) if marked else (),
                 is_polymorphic=any(m.is_virtual for m in methods) or bool(bases),
                 has_virtual_destructor=virtual_dtor)


def header(*classes: Class) -> Header:
    return Header(path="v.h", include="v.h", classes=classes)


def test_marked_classes_and_their_derived_classes_are_directors() -> None:
    base = cls("Base", method("run"), method("weight", noexcept=True), marked=True)
    derived = cls("Derived", method("run"), bases=("ns::Base",))
    other = cls("Other", method("go"))  # polymorphic, not marked
    ctx = Context(Diagnostics(), ConfigAnnotations())
    plan = lower_directors([header(base, derived, other)], ctx)
    assert plan.classes == ("ns::Base", "ns::Derived")
    # the inherited noexcept virtual is handled in the derived director too
    assert [(n.target, n.name, n.fallback) for n in plan.noexcept] == [
        ("ns::Base::weight() const", "Base.weight", "return c_result;"),
        ("ns::Derived::weight() const", "Derived.weight", "return c_result;")]
    assert not ctx.diags.items


def test_config_switch_makes_every_polymorphic_class_a_director() -> None:
    ctx = Context(Diagnostics(), ConfigAnnotations(overridable_all=True))
    plain = Class("Plain", "ns::Plain", True, LOC)
    plan = lower_directors([header(cls("A", method("f", VOID, noexcept=True)), plain)], ctx)
    assert plan.classes == ("ns::A",)
    assert plan.noexcept[0].fallback == "return;"


def test_warnings_for_a_class_without_virtuals_or_virtual_destructor() -> None:
    ctx = Context(Diagnostics(), ConfigAnnotations())
    plain = Class("Plain", "ns::Plain", True, LOC,
                  directives=(Directive("overridable", (), LOC),))
    plan = lower_directors([header(plain, cls("Leaky", method("f"), marked=True,
                                              virtual_dtor=False))], ctx)
    assert plan.classes == ("ns::Leaky",)
    assert [d.code for d in ctx.diags.items] == ["SG360", "SG361"]
    assert "ns::Plain" in ctx.diags.items[0].message


def test_interface_turns_directors_on_only_when_needed() -> None:
    from swiggen.render.interface import render_interface

    plan = lower([header(cls("V", method("f"), method("g", noexcept=True), marked=True))],
                 "m", Diagnostics())
    text = render_interface(plan)
    assert '%module(directors="1", threads="1", ' in text
    assert "%nothreadallow;" in text and '%include "directors.swg"' in text
    assert '%feature("director") ns::V;' in text
    assert 'SWIGGEN_DIRECTOR_NOEXCEPT(ns::V::g() const, "V.g", return c_result;)' in text
    assert "swiggen_restore_director_error(error)" in text
    plain = render_interface(lower([header(cls("V", method("f")))], "m", Diagnostics()))
    assert "directors" not in plain and "nothreadallow" not in plain


def test_config_key(tmp_path: Path) -> None:
    good = tmp_path / "good.toml"
    good.write_text('overridable = "all"\n')
    diags = Diagnostics()
    assert load_config(str(good), diags).annotations.overridable_all and not diags.items
    bad = tmp_path / "bad.toml"
    bad.write_text('\noverridable = "some"\n')
    diags = Diagnostics()
    assert not load_config(str(bad), diags).annotations.overridable_all
    assert [(d.code, d.loc.line) for d in diags.items] == [("SG103", 2)]


SWIG_DIRECTOR = '''\
SwigDirector_Handler::~SwigDirector_Handler() {
}

int SwigDirector_Handler::weight(int x) const noexcept {
  int c_result = SwigValueInit< int >() ;
  if (!SWIG_IsOK(swig_res)) {
    Swig::DirectorTypeMismatchException::raise(SWIG_ErrorType(SWIG_ArgError(swig_res)), "in output value of type '""int""'");
  }
  c_result = static_cast< int >(swig_val);
  return (int) c_result;
}

int SwigDirector_Handler::handle(int x) {
    swig::SwigVar_PyObject swig_method_name = PyUnicode_FromString("handle");
    swig::SwigVar_PyObject result = PyObject_CallMethodObjArgs(swig_get_self(), (PyObject *) swig_method_name ,(PyObject *)obj0,(PyObject *)obj1, NULL);
    swig::SwigVar_PyObject swig_method_name = PyUnicode_FromString("reset");
    swig::SwigVar_PyObject result = PyObject_CallMethodObjArgs(swig_get_self(), (PyObject *) swig_method_name, NULL);
  if (!SWIG_IsOK(swig_res)) {
    Swig::DirectorTypeMismatchException::raise(SWIG_ErrorType(SWIG_ArgError(swig_res)), "x");
  }
  return (int) c_result;
}
    if (upcall) {
      Swig::DirectorPureVirtualException::raise("ns::Handler::handle");
    }
        SWIG_SetErrorMsg(PyExc_RuntimeError,"accessing abstract class or protected constructor");
'''


def test_directorfix_rewrites_the_shapes_swig_writes() -> None:
    text, dtors, pure = directorfix.rewrite(SWIG_DIRECTOR)
    assert (dtors, pure) == (1, 1)
    assert "SwigDirector_Handler::~SwigDirector_Handler() {\n" \
        "  swiggen_director_release(this);\n}" in text
    assert 'swiggen_pure_virtual_called("ns::Handler::handle")' in text
    assert "swiggen_abstract_class(self);" in text
    noexcept, plain = text.split("int SwigDirector_Handler::handle")
    assert '{ swiggen_director_mismatch("Handler.weight", SWIG_ErrorType(' in noexcept
    assert "return (int) c_result; }" in noexcept
    assert "DirectorTypeMismatchException" not in noexcept
    assert "Swig::DirectorTypeMismatchException::raise(" in plain  # may throw: unchanged
    # an override's call: an interned name made once, and a vectorcall
    assert 'static PyObject *swig_method_name = swiggen_override_name("handle");\n' \
        "    swig::SwigVar_PyObject result = swiggen_call_method(swig_get_self(), " \
        "swig_method_name, (PyObject *)obj0,(PyObject *)obj1);" in plain
    assert "result = swiggen_call_method(swig_get_self(), swig_method_name);" in plain
    assert "PyUnicode_FromString" not in plain and "CallMethodObjArgs" not in plain
    assert directorfix.rewrite("no directors here") == ("no directors here", 0, 0)
