"""Sphinx's autodoc documents a built module as its stub declares it (issue #38).

`sphinx-build -b text` runs `automodule` with `:members:` and `:undoc-members:` on two case
modules (classes: structs, a class with one constructor, overloaded constructors, static methods,
`///` docs; functions: free functions with defaults and overload sets), and its text output is
compared with NAME.pyi: every function and class is listed (autodoc leaves out what does not name
its module in `__module__`, as SWIG's functions named `_NAME`), every class's methods and fields
too, each callable with the parameter names and defaults the stub declares (a constructor's on its
class), and nothing of SWIG's (`this`, `thisown`, `SwigPyObject`) appears.

A callable with one signature is compared strictly. An overload set is listed once per overload
(from the docstring SWIG's dispatcher carries); its assertion is separate, as what each overload
line shows (names only, or names with types) is the docstring's format.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("sphinx")
pytestmark = pytest.mark.compile

MODULES = ("classes", "functions")
#: a signature line of Sphinx's text output: `class m.C(a, b=1)`, `m.f(x) -> int`, `   static
#: g()`, `   meth(y)` (a class's member: indented)
_SIG = re.compile(r"^(?P<indent> *)(?P<kind>class |static )?(?P<name>[\w.]+)\((?P<params>.*)\)"
                  r"(?: -> .*)?$")


def _params(text: str) -> list[tuple[str, bool]]:
    """`a, b: int = 1, /, *, c=2` -> [("a", False), ("b", True), ("c", True)]."""
    out, depth, part = [], 0, ""
    for ch in text + ",":
        if ch == "," and depth == 0:
            part = part.strip()
            if part and part not in ("/", "*") and not part.startswith("*"):
                name = re.split(r"[:=]", part, maxsplit=1)[0].strip()
                out.append((name, "=" in part))
            part = ""
            continue
        depth += ch in "([{"
        depth -= ch in ")]}"
        part += ch
    return out


def _stub_params(f: ast.FunctionDef) -> list[tuple[str, bool]]:
    a = f.args
    positional = a.posonlyargs + a.args
    defaults = [False] * (len(positional) - len(a.defaults)) + [True] * len(a.defaults)
    out = [(p.arg, d) for p, d in zip(positional, defaults)]
    out += [(p.arg, d is not None) for p, d in zip(a.kwonlyargs, a.kw_defaults)]
    return [(n, d) for n, d in out if n != "self"]


def _overloaded(f: ast.FunctionDef) -> bool:
    return any(isinstance(d, ast.Name) and d.id == "overload" for d in f.decorator_list)


Signatures = dict[str, list[list[tuple[str, bool]]]]


def stub_callables(stub: Path, module: str) -> tuple[Signatures, set[str]]:
    """`module.f` / `module.C` (its constructor) / `module.C.m` -> each overload's parameters
    (a class without a constructor, a field, a property -> []), and the names of overload
    sets."""
    out: Signatures = {}
    overloaded: set[str] = set()

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and node.name.startswith("_"):
                continue  # (the stub's `_SwigPyObjectType`: private, as autodoc treats it)
            if isinstance(node, ast.ClassDef):
                out.setdefault(f"{prefix}{node.name}", [])
                walk(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.FunctionDef) and (node.name == "__init__" or
                                                        not node.name.startswith("_")):
                name = prefix[:-1] if node.name == "__init__" else f"{prefix}{node.name}"
                if _overloaded(node):
                    overloaded.add(name)
                if any(isinstance(d, ast.Name) and d.id == "property"
                       for d in node.decorator_list):
                    out[name] = []
                else:
                    out.setdefault(name, []).append(_stub_params(node))
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and \
                    prefix != f"{module}.":
                out[f"{prefix}{node.target.id}"] = []

    walk(ast.parse(stub.read_text()).body, f"{module}.")
    return out, overloaded


def documented(text: str) -> Signatures:
    """Sphinx's text output: `module.f` / `module.C` / `module.C.m` -> each signature line's
    parameters; a class without one, a member listed without parentheses -> []."""
    out: Signatures = {}
    owner = ""
    for line in text.splitlines():
        m = _SIG.match(line)
        if m:
            name = m.group("name")
            if m.group("indent"):
                name = f"{owner}.{name}"
            elif m.group("kind") == "class ":
                owner = name
            out.setdefault(name, []).append(_params(m.group("params")))
        elif line.startswith("class "):  # no parameters
            owner = line.split()[1]
            out.setdefault(owner, []).append([])
        elif owner and re.fullmatch(r"   [A-Za-z_]\w*(?: = .*)?", line):  # a field
            out.setdefault(f"{owner}.{line.split()[0]}", [])
    return out


@pytest.fixture(scope="module")
def sphinx(case_module,  # type: ignore[no-untyped-def]
           tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Signatures, set[str]]:
    """Sphinx's text, and what the stubs declare (with the names of overload sets)."""
    modules = {name: case_module(name) for name in MODULES}
    src = tmp_path_factory.mktemp("sphinx")
    (src / "conf.py").write_text('extensions = ["sphinx.ext.autodoc"]\n')
    (src / "index.rst").write_text("API\n===\n\n" + "".join(
        f".. automodule:: {name}\n   :members:\n   :undoc-members:\n\n" for name in MODULES))
    paths = [str(Path(m.__file__).parent) for m in modules.values()]
    env = {**os.environ,
           "PYTHONPATH": os.pathsep.join(paths + [os.environ.get("PYTHONPATH", "")])}
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-b", "text", "-q", str(src),
                           str(src / "_out")], env=env, capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "autodoc" not in proc.stderr, proc.stderr  # (failed to import, to get a signature)
    expected: Signatures = {}
    overloaded: set[str] = set()
    for name, module in modules.items():
        sigs, sets = stub_callables(Path(module.__file__).parent / f"{name}.pyi", name)
        expected.update(sigs)
        overloaded |= sets
    return (src / "_out" / "index.txt").read_text(), expected, overloaded


def _one(sigs: list[list[tuple[str, bool]]]) -> list[list[tuple[str, bool]]]:
    return [] if sigs == [[]] else sigs


def test_every_function_and_class_is_documented_with_its_signature(sphinx) -> None:  # type: ignore[no-untyped-def]
    text, expected, overloaded = sphinx
    got = documented(text)
    assert sorted(set(expected) - set(got)) == [], "not documented"
    for name, sigs in expected.items():
        if name not in overloaded:  # (one signature without parameters: shown or not)
            assert _one(got[name]) == _one(sigs), (name, got[name], sigs)
    # what this checks is there: a constructor's arguments on its class (a struct's fields, a
    # documented constructor's), defaults, a `///` doc
    assert got["classes.Token"] == [[("id", False)]]
    assert got["classes.Point"] == [[("x", True), ("y", True)]]
    assert got["classes.Shared"] == [[("from_classes", True)]]
    assert got["functions.scale"] == [[("x", False), ("factor", True), ("times", True)]]
    assert "Return a point moved by (dx, dy)." in text and "static unit()" in text


def test_overload_sets_list_each_overloads_parameters(sphinx) -> None:  # type: ignore[no-untyped-def]
    """Names only: each overload's line as SWIG's dispatcher's docstring lists it."""
    text, expected, overloaded = sphinx
    got = documented(text)
    assert {"classes.Circle", "classes.Token.is_", "functions.pick"} <= overloaded
    for name in sorted(overloaded):
        want = sorted([p for p, _ in sig] for sig in expected[name])
        assert sorted([p for p, _ in sig] for sig in got.get(name, [])) == want, name


def test_no_swig_machinery_is_documented(sphinx) -> None:  # type: ignore[no-untyped-def]
    text, _, _ = sphinx
    for word in ("thisown", "SwigPyObject", "swig_runtime", "__swiggen", "__dict__"):
        assert word not in text, word
    assert not re.search(r"^ +this$", text, re.M)
