"""The generated stubs match the runtime modules: `python -m mypy.stubtest` on the case modules.

stubtest imports the built module and compares every name, signature and class of NAME.pyi
with it. The allowlist holds only what SWIG's runtime adds and a stub should not advertise,
named one by one from the runtime module (never a pattern that could hide a wrong signature):

- `__init__` of a class whose runtime constructor has no signature: SWIG's `(*args)` wrapper
  that raises "No constructor defined" (a class C++ gives no public constructor), or a class
  template instance's (its instances share one docstring, so none can carry a signature);
- the classes' metaclass, SWIG's `SwigPyObjectType`, which the stub declares as
  `_SwigPyObjectType(type)` (so each class's metaclass is checked) but cannot mark as the
  disjoint base its C layout makes it;
- the comparison and reflected-operator names one C slot gives a class next to the operator
  C++ defines (a class with `operator<` has a `tp_richcompare`, so Python shows all six of
  `__lt__` ... `__ge__`, and `__radd__` next to `__add__`); the stub declares only those that
  work;
- an overload set whose overloads take different parameters (names, or how many): its runtime
  signature is its first overload's (lower/signatures.py), which stubtest, merging the
  overloads into one signature by parameter name, cannot match to the others. Overload sets
  whose overloads differ only in types are checked in full.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from stubwalk import class_members

pytestmark = pytest.mark.compile

CASES = ["protocols", "classes", "functions", "containers", "enums", "stdtypes", "templates",
         "values", "outparams", "ownership", "exceptions", "globals", "lifetimes",
         "overload_keywords", "signatures_doc", "unnamed_params", "stubshapes"]
SIBLINGS = {"__lt__", "__le__", "__gt__", "__ge__", "__eq__", "__ne__"} | {
    f"__r{op}__" for op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
                            "and", "or", "xor", "lshift", "rshift", "divmod")}


def _stub_members(stub: Path) -> dict[str, set[str]]:
    """Class path (`Outer.Inner`) -> the names its stub class defines."""
    return class_members(stub)[0]


def _uneven_overloads(stub: Path) -> list[str]:
    """The overload sets (`Class.method`, `function`) of the stub whose overloads differ in
    their parameters' names or defaults."""
    out: list[str] = []

    def walk(body: list[ast.stmt], prefix: str) -> None:
        sets: dict[str, set[tuple[tuple[str, ...], int]]] = {}
        for node in body:
            if isinstance(node, ast.ClassDef):
                walk(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.FunctionDef) and any(
                    isinstance(d, ast.Name) and d.id in ("overload", "_overload") for d in node.decorator_list):
                params = node.args.posonlyargs + node.args.args
                sets.setdefault(node.name, set()).add(
                    (tuple(a.arg for a in params), len(node.args.defaults)))
        out.extend(f"{prefix}{name}" for name, shapes in sets.items() if len(shapes) > 1)

    walk(ast.parse(stub.read_text()).body, "")
    return out


def allowlist(module: ModuleType, stub: Path) -> list[str]:
    name = module.__name__
    entries: list[str] = []
    declared = _stub_members(stub)

    def visit(cls: type, path: str) -> None:
        if "*args" in (getattr(cls.__init__, "__text_signature__", None) or "*args"):
            entries.append(f"{name}.{path}.__init__")
        for attr, value in vars(cls).items():
            if attr in SIBLINGS and attr not in declared.get(path, set()):
                entries.append(f"{name}.{path}.{attr}")
            elif isinstance(value, type) and attr in declared.get(path, set()):
                visit(value, f"{path}.{attr}")

    for attr, value in vars(module).items():
        if isinstance(value, type) and getattr(value, "__module__", "") == name and \
                attr in declared:
            visit(value, attr)
    if "_SwigPyObjectType" in vars(module):  # the metaclass itself: SWIG's C type, a disjoint
        entries.append(f"{name}._SwigPyObjectType")  # base stubs have no spelling for
    return entries + [f"{name}.{path}" for path in _uneven_overloads(stub)]


def stubtest(module: ModuleType, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """`python -m mypy.stubtest` on a built module (NAME.py beside NAME.pyi), allowlist above."""
    name = module.__name__
    folder = Path(str(module.__file__)).parent
    listed = tmp_path / "allowlist.txt"
    listed.write_text("\n".join(allowlist(module, folder / f"{name}.pyi")) + "\n")
    return subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", name, "--allowlist", str(listed), "--concise",
         "--ignore-unused-allowlist", "--mypy-config-file", os.devnull],
        cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(folder), "MYPYPATH": str(folder)},
        capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("case", CASES)
def test_stubs_match_the_runtime_module(case_module, case: str, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    proc = stubtest(case_module(case), tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
