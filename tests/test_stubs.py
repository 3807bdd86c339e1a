"""The generated .pyi stubs under `mypy --strict`: a correct script passes, a wrong one fails.

The example module (cpp/) is built with the same command as tests/cases/example, so the two
share one build. mypy runs once per script, with its cache in the test's temporary folder.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, swiggen

GOOD = '''\
import example

s = example.MyStruct()
s.id, s.name, s.samples = 7, "gizmo", [1.5, 2.5]
s.color = example.Color.Blue
text: str = example.describe(s)
v = example.Vector([1.0, 2.0, 3.0])
v.add(4.0)
total: float = v.sum() + example.Vector.dot(v, v)
values: list[float] = v.values()
size: int = v.size()
rounded: float = example.round_to(3.14159, digits=3)
m: example.Matrix = example.identity(4)
product: list[float] = example.multiply(m, (1.0, 2.0, 3.0, 4.0))
color: example.Color = example.Color.Red
'''

BAD = '''\
import example

v = example.Vector([1.0, 2.0])
name: str = v.sum()
example.round_to("3.5")
example.Vector.dot(v, 2.0)
v.no_such_method()
'''


@pytest.fixture(scope="module")
def example_out(build_root: Path) -> Path:
    out = build_root / "example" / "out"
    proc = swiggen("build", "cpp/example.h", "--sources", "cpp/example.cpp", "-m", "example",
                   "-o", str(out), "--build-dir", str(build_root / "example" / "build"), "-O1",
                   cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    return out


def mypy(script: Path, stubs: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MYPYPATH": str(stubs)}
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--cache-dir", str(tmp_path / ".mypy_cache"), str(script)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.compile
def test_mypy_strict_accepts_correct_use(example_out: Path, tmp_path: Path) -> None:
    script = tmp_path / "good.py"
    script.write_text(GOOD)
    proc = mypy(script, example_out, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    # and the script really runs against the module the stubs describe
    run = subprocess.run([sys.executable, str(script)], env={**os.environ,
                         "PYTHONPATH": str(example_out)}, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr


@pytest.mark.compile
def test_mypy_strict_flags_type_errors(example_out: Path, tmp_path: Path) -> None:
    script = tmp_path / "bad.py"
    script.write_text(BAD)
    proc = mypy(script, example_out, tmp_path)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    flagged = sorted(int(line.split(":")[1]) for line in proc.stdout.splitlines()
                     if ": error:" in line)
    assert flagged == [4, 5, 6, 7], proc.stdout


def test_every_golden_stub_passes_mypy_strict(tmp_path: Path) -> None:
    """The checked-in tests/cases/*/NAME.pyi (what the generator emits today), in one mypy run
    (its cache in build/, so that a second run checks only the stubs that changed)."""
    stubs = sorted((REPO / "tests" / "cases").glob("*/*.pyi"))
    assert stubs
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary",
         "--cache-dir", str(REPO / "build" / "mypy-cache-stubs"), *map(str, stubs)],
        cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr


PROTOCOLS = '''\
import copy

import protocols as p

v = p.Vec(1.0, 2.0)
total: float = sum(v)
items: list[float] = list(v)
ordered: list[float] = sorted(v, reverse=True)
first, second = v
has: bool = 1.0 in v
backwards: list[float] = list(reversed(v))
doubled: list[float] = [x * 2 for x in v]
w: p.Vec = v + v
scaled: p.Vec = 2.0 * v
less: bool = v < w
more: bool = w > v
twin: p.Vec = copy.copy(v)
count: int = len(v)
r = p.Ro(3)
ints: list[int] = sorted(r)
biggest: int = max(r)
reg = p.Registry()
reg["a"] = 1
value: int = reg["a"]
known: bool = "a" in reg
shelf = p.Shelf(2)
shelf[0].v = 5
vs: list[int] = [item.v for item in shelf]
meter = p.Meter(2.0)
product: float = meter(3.0)
as_float: float = float(meter)
truth: bool = bool(meter)
bag = p.Bag()
bag.put("x")
words = [str(word) for word in bag]
assert (total, items, ordered, first, second, has) == (3.0, [1.0, 2.0], [2.0, 1.0], 1.0, 2.0, True)
assert (backwards, list(w), list(scaled), less, more, list(twin)) == \\
    ([2.0, 1.0], [2.0, 4.0], [2.0, 4.0], True, True, [1.0, 2.0])
assert (ints, biggest, value, known, vs, product, as_float, truth, words) == \\
    ([0, 10, 20], 20, 1, True, [5, 0], 6.0, 2.0, True, ["x"])
'''


@pytest.fixture(scope="module")
def protocols_out(build_root: Path) -> Path:
    out = build_root / "stub-protocols" / "out"
    case = REPO / "tests" / "cases" / "protocols"
    proc = swiggen("build", "protocols.h", "--sources", "protocols.cpp", "-m", "protocols",
                   "-o", str(out), "--build-dir", str(build_root / "stub-protocols" / "build"),
                   "-O0", "-q", cwd=case)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.mark.compile
def test_protocol_use_passes_mypy_and_pyright_strict(protocols_out: Path, tmp_path: Path) -> None:
    """Iteration, `in`, sorted(), sum(), list(), unpacking, reversed(), operators and copy on
    generated classes: the script runs, and both type checkers accept it in strict mode."""
    script = tmp_path / "use_protocols.py"
    script.write_text(PROTOCOLS)
    run = subprocess.run([sys.executable, str(script)], env={**os.environ,
                         "PYTHONPATH": str(protocols_out)}, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    proc = mypy(script, protocols_out, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pyright = Path(sys.executable).with_name("basedpyright")
    if not pyright.exists():
        pytest.skip("basedpyright is not installed (pip install '.[test]')")
    (tmp_path / "pyrightconfig.json").write_text(
        '{"typeCheckingMode": "strict", "pythonVersion": "3.11", "stubPath": "%s",'
        ' "extraPaths": ["%s"]}' % (protocols_out, protocols_out))
    proc = subprocess.run([str(pyright), str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)
    assert proc.returncode == 0 and "0 errors" in proc.stdout, proc.stdout + proc.stderr
