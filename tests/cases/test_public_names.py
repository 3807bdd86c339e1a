"""Only the Python API is public (docs/safety.md, invariant 7), over every case module: the
names `dir(module)` shows are exactly the module-level names its NAME.pyi declares. SWIG's C
module also exports `cvar`, `SHARED_PTR_DISOWN`, a static member's `Class_member_get/_set`,
a director class's `disown_Class`; none of them is a module attribute, while every constant,
live variable, enum member, class and function the stub declares is one."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

from conftest import CASES

pytestmark = pytest.mark.compile

#: every case built by `case_module` (the `example` case wraps cpp/ through a fixture of its own)
MODULES = sorted(p.name for p in CASES.iterdir()
                 if p.is_dir() and any(p.glob("test_*.py")) and p.name != "example")


def stub_names(stub: Path) -> set[str]:
    """The names a stub declares at module level (its imports are the stub's own)."""
    names: set[str] = set()
    for node in ast.parse(stub.read_text()).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return names


@pytest.mark.parametrize("name", MODULES)
def test_dir_shows_what_the_stub_declares(case_module, name: str) -> None:  # type: ignore[no-untyped-def]
    mod = case_module(name)
    stub = Path(mod.__file__).with_suffix(".pyi")
    public = {n for n in dir(mod) if not n.startswith("_")}
    every = stub_names(stub)  # with the private `_SwigPyObjectType`, the classes' metaclass
    declared = {n for n in every if not n.startswith("_")}
    assert sorted(public - declared) == [], "module attributes the stub does not declare"
    assert sorted(declared - public) == [], "stub names the module does not show"
    for n in every:  # each is reachable, live variables included
        getattr(mod, n)


def test_swig_internals_stay_in_the_c_module(case_module) -> None:  # type: ignore[no-untyped-def]
    mod = case_module("classes")
    c = sys.modules[mod.__name__.rpartition(".")[0] + "._classes" if "." in mod.__name__
                    else "_classes"]
    internal = [n for n in ("cvar", "SHARED_PTR_DISOWN", "Point_created_get") if hasattr(c, n)]
    assert internal, "SWIG's C module no longer exports what this test is about"
    for n in internal:
        assert not hasattr(mod, n), n
    assert mod.Point.created >= 0  # the static member is still the class's attribute
