"""What completion shows of a wrapped object is what its stub declares (issue #38).

Every wrapped class of several case modules (nested ones too) is compared with its class in
NAME.pyi (with the members of its stub bases): the public names of `dir(cls)` (and of
`dir(obj)` for an object made without arguments) are exactly the names the stub declares, and
every dunder is one the stub declares, one every Python object has, or a sibling one C slot
brings with a declared one (`__lt__` beside `__eq__`: test_stubtest.py's SIBLINGS). SWIG's
`this`, `thisown`, `own`, `disown`, `acquire`, `append`, `next`, its `__dict__` (the store of
what a view keeps alive) and its base type's `__int__` are none of these (swig/swigattrs.py,
swig/builtinmethods.py). `__module__` of every function and class (and static method) is the
public module's, and `__qualname__` of a nested class's methods names the nesting.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from stubwalk import class_members
from test_stubtest import SIBLINGS

pytestmark = pytest.mark.compile

CASES = ["classes", "protocols", "containers", "stdtypes", "templates", "values", "outparams",
         "ownership", "lifetimes", "declarations", "exceptions", "buffers", "dynamic"]
SWIG_NAMES = {"this", "thisown", "own", "disown", "acquire", "append", "next", "__dict__",
              "__int__", "__swiggen_owners__"}
#: dunders a declared one brings (one C slot serves both: `del obj[k]` of a class with
#: `obj[k] = v` raises what C++ says), and pickle's `__setstate__` of a struct, which restores
#: what the `__reduce__` every object has gives
BROUGHT = {"__delitem__": "__setitem__", "__delattr__": "__setattr__", "__setstate__": "",
           "__nonzero__": "__bool__"}  # (SWIG 4.4 names its nb_bool wrapper so too)


class _Plain:
    pass


#: what every Python object shows (an instance of a class defined in Python)
OBJECT_NAMES = set(dir(_Plain())) | {"__weakref__"}


def stub_classes(stub: Path) -> dict[str, set[str]]:
    """Class path (`Tree.Node`) -> the names its stub class declares, its stub bases' included."""
    own, bases = class_members(stub)

    def declared(path: str) -> set[str]:
        out = set(own[path])
        for base in bases[path]:
            if base in own:
                out |= declared(base)
        return out

    return {path: declared(path) for path in own}


def runtime_class(module: ModuleType, path: str) -> Any:
    value: Any = module
    for part in path.split("."):
        value = getattr(value, part, None)
    return value


def wrapped(cls: Any) -> bool:
    return isinstance(cls, type) and type(cls).__name__ == "SwigPyObjectType"


def unexpected(names: set[str], declared: set[str]) -> tuple[set[str], set[str]]:
    """(public names the stub does not declare, dunders neither declared nor every object's)."""
    public = {n for n in names if not n.startswith("_")} - declared
    dunders = {n for n in names if n.startswith("__") and n.endswith("__")}
    brought = {n for n, by in BROUGHT.items() if not by or by in declared}
    return public, dunders - declared - OBJECT_NAMES - SIBLINGS - brought


@pytest.mark.parametrize("case", CASES)
def test_dir_of_every_class_and_object_is_what_the_stub_declares(case_module, case: str) -> None:  # type: ignore[no-untyped-def]
    module = case_module(case)
    stub = Path(module.__file__).parent / f"{case}.pyi"
    checked = 0
    for path, declared in stub_classes(stub).items():
        cls = runtime_class(module, path)
        if not wrapped(cls):
            continue  # an enum, an exception: Python classes of NAME.py
        checked += 1
        names = set(dir(cls))
        assert not names & SWIG_NAMES - declared, (path, names & SWIG_NAMES - declared)
        public, dunders = unexpected(names, declared)
        assert public == set() and dunders == set(), (path, public, dunders)
        assert {n for n in declared if not n.startswith("_")} <= names, path
        assert cls.__module__ == module.__name__ and cls.__qualname__ == path
        for name, value in vars(cls).items():
            if isinstance(value, staticmethod):  # SWIG's say None
                assert getattr(cls, name).__module__ == module.__name__, (path, name)
            elif callable(value) and not name.startswith("_"):
                assert getattr(cls, name).__qualname__ == f"{path}.{name}"
        try:
            obj = cls()
        except Exception:  # noqa: BLE001 - no default constructor, abstract, ...
            continue
        assert set(dir(obj)) == names, path  # no instance attributes: its class's
    assert checked, "no wrapped class in the stub"


@pytest.mark.parametrize("case", ["functions", "classes", "ownership", "globals"])
def test_functions_name_the_public_module(case_module, case: str) -> None:  # type: ignore[no-untyped-def]
    module = case_module(case)
    functions = [v for _, v in inspect.getmembers(module, callable) if not isinstance(v, type)]
    assert functions
    for f in functions:
        assert f.__module__ == module.__name__, f
        assert f.__qualname__ == f.__name__


def test_a_view_shows_what_a_new_object_shows(case_module) -> None:  # type: ignore[no-untyped-def]
    """A view keeps its owner alive in its SWIG dict, which is no attribute of it: `dir(view)`
    has no `__swiggen_owners__`, and `vars(view)` cannot drop the owner."""
    ow = case_module("ownership")
    scene = ow.Scene()
    node = ow.Node(3)
    scene.add(node)
    view = scene.at(0)
    assert dir(view) == dir(ow.Node(1)) and "value" in dir(view)
    with pytest.raises(TypeError):
        vars(view)
    with pytest.raises(AttributeError):
        view.__dict__  # noqa: B018
    del scene
    assert view.value == 3  # still kept alive


def test_help_shows_no_swig_machinery(case_module) -> None:  # type: ignore[no-untyped-def]
    import pydoc
    m = case_module("classes")
    text = pydoc.render_doc(m.Circle, renderer=pydoc.plaintext)
    for word in ("thisown", "this\n", "__int__", "inherited from swig_runtime", "__dict__"):
        assert word not in text, word
    with pytest.raises(TypeError):
        int(m.Circle(2.0))  # was the C++ object's address
