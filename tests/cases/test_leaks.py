"""Leak test over every case module: each wrapped class that constructs without arguments goes
through create / use / drop cycles, dropping the owner first or its children (field views)
first, with and without gc.collect(). Afterwards the count of live wrapped objects (each
instance holds a reference to its class, so a class's reference count counts its instances),
the owners' reference counts and, over 20,000 cycles per module, the RSS are back where they
started."""

from __future__ import annotations

import gc
import inspect
import os
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from conftest import CASES

pytestmark = pytest.mark.compile

#: every case built by `case_module` (the `example` case wraps cpp/ through a fixture of its own)
MODULES = sorted(p.name for p in CASES.iterdir()
                 if p.is_dir() and any(p.glob("test_*.py")) and p.name != "example")
CYCLES = 20_000


def wrapped_classes(mod: ModuleType) -> list[type]:
    return [c for _, c in inspect.getmembers(mod, inspect.isclass)
            if type(c).__name__ == "SwigPyObjectType" and c.__module__ == mod.__name__]


def fields(cls: type) -> list[str]:
    """The class's data attributes (SWIG getset descriptors: no wrapped class has SWIG's own,
    swig/swigattrs.py)."""
    return sorted(k for klass in cls.__mro__ for k, v in vars(klass).items()
                  if type(v).__name__ == "getset_descriptor" and not k.startswith("_"))


def constructible(classes: list[type]) -> list[type]:
    out = []
    for cls in classes:
        try:
            obj = cls()
        except Exception:  # noqa: BLE001 - no default constructor, abstract, ...
            continue
        del obj
        out.append(cls)
    return out


def use(obj: Any, names: list[str], wrapped: set[type]) -> list[Any]:
    """Read every field (and repr the object); return the results that are wrapped objects
    (views into `obj`, its children)."""
    repr(obj)
    children = []
    for name in names:
        try:
            value = getattr(obj, name)
        except Exception:  # noqa: BLE001 - a field that cannot be read is not what is tested
            continue
        if type(value) in wrapped:
            children.append(value)
    return children


def live(classes: list[type]) -> dict[str, int]:
    return {c.__name__: sys.getrefcount(c) for c in classes}


def rss_kb() -> int:
    with open(f"/proc/{os.getpid()}/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def cycles(classes: list[type], wrapped: set[type]) -> list[Callable[[], None]]:
    """One step per class and drop order."""
    steps: list[Callable[[], None]] = []
    for cls in classes:
        names = fields(cls)

        def owner_first(cls: type = cls, names: list[str] = names) -> None:
            owner = cls()
            children = use(owner, names, wrapped)
            del owner
            for c in children:
                use(c, fields(type(c)), wrapped)
            del children

        def child_first(cls: type = cls, names: list[str] = names) -> None:
            owner = cls()
            before = sys.getrefcount(owner)
            children = use(owner, names, wrapped)
            del children
            assert sys.getrefcount(owner) == before, f"{cls.__name__}: children kept it"
            del owner

        steps += [owner_first, child_first]
    return steps


def cycled(case_module, name: str) -> tuple[list[type], list[Callable[[], None]], dict[str, int]]:  # type: ignore[no-untyped-def]
    """The module's classes, its steps, and the live counts after a warm-up."""
    mod = case_module(name)
    classes = wrapped_classes(mod)
    wrapped = set(classes)
    steps = cycles(constructible(classes), wrapped)
    if not steps:
        pytest.skip(f"{name}: no class constructs without arguments")
    for step in steps:  # warm up: caches, static defaults, free lists
        step()
    gc.collect()
    return classes, steps, live(classes)


@pytest.mark.parametrize("name", MODULES)
def test_create_use_drop_cycles_leak_nothing(case_module, name: str) -> None:  # type: ignore[no-untyped-def]
    classes, steps, counts = cycled(case_module, name)
    for collect in (False, True):
        for _ in range(20):
            for step in steps:
                step()
            if collect:
                gc.collect()
        gc.collect()
        assert live(classes) == counts, f"{name}: live wrapped objects changed"


@pytest.mark.rss
@pytest.mark.parametrize("name", MODULES)
def test_memory_stays_flat_over_20000_cycles(case_module, name: str) -> None:  # type: ignore[no-untyped-def]
    classes, steps, counts = cycled(case_module, name)
    for i in range(2000):  # the allocators' pools settle first
        steps[i % len(steps)]()
    gc.collect()
    start = rss_kb()
    for i in range(CYCLES):
        steps[i % len(steps)]()
    gc.collect()
    grown = rss_kb() - start
    assert live(classes) == counts, f"{name}: live wrapped objects changed"
    assert grown < 1024, f"{name}: RSS grew {grown} KB over {CYCLES} cycles"
