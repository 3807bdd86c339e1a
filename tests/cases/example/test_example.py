"""The bundled example library (cpp/), built by the real CLI and used as the README does."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

from conftest import REPO, swiggen

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    out = build_root / "example" / "out"
    proc = swiggen("build", "cpp/example.h", "--sources", "cpp/example.cpp", "-m", "example",
                   "-o", str(out), "--build-dir", str(build_root / "example" / "build"), "-O1",
                   cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module("example")
    finally:
        sys.path.remove(str(out))


def test_struct_fields_round_trip(example) -> None:
    s = example.MyStruct()
    assert (s.id, s.weight, s.active, s.name, s.samples) == (0, 1.0, False, "", [])
    s.id, s.weight, s.active, s.name, s.samples = 5, 2.5, True, "wheel", [1, 2.5]
    assert (s.id, s.weight, s.active, s.name, s.samples) == (5, 2.5, True, "wheel", [1.0, 2.5])
    assert s.color is example.Color.Red
    s.color = example.Color.Blue
    assert s.color is example.Color.Blue
    assert example.describe(s) == "MyStruct #5 'wheel' weight=2.5 samples=2 active"


def test_struct_field_assignment_is_type_checked(example) -> None:
    s = example.MyStruct()
    with pytest.raises(TypeError):
        s.id = "seven"
    with pytest.raises(TypeError):
        s.samples = [1.0, "x"]
    assert s.id == 0 and s.samples == []


def test_vector_class(example) -> None:
    v = example.Vector([1.0, 2.0, 3.0])
    v.add(4.0)
    assert v.size() == 4 and v.sum() == 10.0 and v.values() == [1.0, 2.0, 3.0, 4.0]
    assert v.scale() == 20.0  # default factor 2.0
    assert v.scale(factor=0.5) == 10.0  # keyword argument
    assert example.Vector.dot(v, v) == 30.0
    assert example.Vector(3, 1.5).values() == [1.5, 1.5, 1.5]
    assert example.Vector().size() == 0


def test_matrix_math(example) -> None:
    assert example.trace(example.identity(5)) == 5.0
    assert example.multiply(example.identity(2), [3.0, 4.0]) == [3.0, 4.0]
    m = example.Matrix()
    m.rows, m.cols, m.data = 2, 2, [1.0, 2.0, 3.0, 4.0]
    assert example.multiply(m, (1, 1)) == [3.0, 7.0]


def test_exceptions_become_python_exceptions(example) -> None:
    with pytest.raises(ValueError, match="negative argument"):
        example.checked_sqrt(-1.0)
    with pytest.raises(IndexError, match="out of range"):
        example.Vector([1.0]).at(3)
    with pytest.raises(ValueError, match="not square"):
        m = example.Matrix()
        m.rows, m.cols = 2, 3
        example.trace(m)
    with pytest.raises(ValueError, match="differ in length"):
        example.Vector.dot(example.Vector([1.0]), example.Vector([1.0, 2.0]))


def test_default_and_keyword_arguments(example) -> None:
    assert example.round_to(3.14159) == 3.14
    assert example.round_to(3.14159, digits=3) == 3.142
    assert example.round_to(x=2.5, digits=0) == 3.0
    with pytest.raises(TypeError):
        example.round_to(1.0, precision=2)


def test_docstrings_from_doxygen_comments(example) -> None:
    assert example.describe.__doc__.startswith("Describe a MyStruct in one line.")
    # two constructors, each with its comment: the class docstring lists them, then its own
    assert example.Vector.__doc__.startswith(
        "Vector(n: int = 0, fill: float = 0.0)\n    An empty vector, or `n` copies of `fill`.")
    assert example.Vector.__doc__.endswith("\n\nA growable vector of doubles.")
    assert example.Color.__doc__ == "Colours a shape can have."
