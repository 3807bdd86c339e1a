"""lower/instances.py and lower/base_templates.py without a compiler: instance keys, the names
base instances get, and where the declaration view instantiates them."""

from __future__ import annotations

from swiggen.diagnostics import Loc
from swiggen.lower.base_templates import _readable, placed
from swiggen.lower.instances import instance_cpp, instance_key, normalized, qualified
from swiggen.lower.plan import Instantiation
from swiggen.model import Class, Header
from swiggen.render.view import render_view


def test_an_instance_has_one_key_however_spelled() -> None:
    assert normalized("tl::Map< tl::Name,tl::List< int > >") == "tl::Map<tl::Name, tl::List<int>>"
    assert instance_key("tl::List", ["tl::List< tl::Name >"]) == "tl::List<tl::List<tl::Name>>"
    assert instance_cpp("tl::List", ["tl::List<tl::Name>"]) == "tl::List<tl::List<tl::Name> >"
    assert instance_cpp("tl::Box", ["int"]) == "tl::Box<int>"


def test_arguments_are_qualified_in_the_templates_namespaces() -> None:
    known = {"tl::Name", "tl::List", "tl::in::Deep", "Top"}.__contains__
    assert qualified("List<Name>", "tl::in::Map", known) == "tl::List<tl::Name>"
    assert qualified("Deep", "tl::in::Map", known) == "tl::in::Deep"
    assert qualified("std::string", "tl::Map", known) == "std::string"
    assert qualified("::Name", "tl::Map", known) == "::Name"  # (written qualified: as it is)
    assert qualified("Top", "tl::Map", known) == "Top"


def test_readable_names_of_arguments() -> None:
    assert [_readable(a) for a in ("tl::Name", "std::string", "unsigned int", "Node *",
                                   "const char *", "3")] == [
        "Name", "string", "unsigned_int", "NodePtr", "const_charPtr", "3"]


def test_a_base_instance_comes_before_its_derived_class_in_its_namespace() -> None:
    loc = Loc("x.h", 9)
    first = Instantiation("List_Name", "tl::List<tl::Name>", loc)
    other = Instantiation("IntBox", "tl::Box<int>", Loc("x.h", 3))
    plan = placed([first, other], {"tl::List<tl::Name>": "app::NameList"})
    assert plan == (Instantiation("List_Name", "tl::List<tl::Name>", loc, "app::NameList"),
                    other)
    h = Header(path="x.h", include="x.h", classes=(
        Class("NameList", "app::NameList", False, loc, base_decls=("tl::List< tl::Name >",),
              bases=("tl::List<tl::Name>",)),))
    view = render_view(h, {}, {"app::NameList": [plan[0]]})
    lines = [line.strip() for line in view.splitlines()]
    at = lines.index("%template(List_Name) tl::List<tl::Name>;  // x.h:9")
    assert lines[at - 1] == "namespace tl {" and lines[at + 1] == "}  // namespace tl"
    assert lines[at + 2] == "namespace app {"
    assert lines[at + 3].startswith("class NameList : public tl::List< tl::Name > {")
