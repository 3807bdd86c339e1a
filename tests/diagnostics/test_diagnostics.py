"""Failure cases: bad input through the real `swiggen` command, checked against golden stderr.

Each folder here holding a `case.toml` is one case:

    args = ["generate", "bad.h", "-m", "bad"]   # the command line, run from inside the folder
    exit = 1                                    # expected exit status (default 1)
    env = { CXX = "/nonexistent/c++" }          # extra environment variables (optional)
    xfail = "BUG: ..."                          # a known product bug (optional): strict xfail

next to the bad input (headers, maybe a swiggen.toml) and `expected.stderr`, the exact stderr
expected. The test runs the command with relative paths (so messages are stable), adding
`-o TMP/out` (and `--build-dir TMP/build` for `build`), and checks the exit status, the stderr,
and that nothing was written: no output folder content, no build folder content, no new file in
the case folder.

After an intended change of a message, rewrite the golden files with

    python -m pytest tests/diagnostics --update-golden

and review the diff. Golden files of xfail cases hold the *correct* output and are never
rewritten.

The tests after the case tests cover what does not fit a golden stderr: `inspect` writes nothing,
warnings without --strict, and known bugs whose fix may take more than one shape.
"""

from __future__ import annotations

import difflib
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import swiggen
from swiggen import cli

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

HERE = Path(__file__).resolve().parent
CASES = sorted(p.parent for p in HERE.glob("*/case.toml"))


def _load(case: Path) -> dict[str, Any]:
    with open(case / "case.toml", "rb") as fh:
        return tomllib.load(fh)


def _params() -> list[Any]:
    out = []
    for case in CASES:
        spec = _load(case)
        marks = []
        if spec.get("xfail"):
            marks.append(pytest.mark.xfail(strict=True, reason=spec["xfail"]))
        out.append(pytest.param(case, id=case.name, marks=marks))
    return out


def _files(folder: Path) -> set[str]:
    """Every file and folder under `folder`, relative to it (empty if it does not exist)."""
    if not folder.exists():
        return set()
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def _diff(expected: str, actual: str) -> str:
    return "".join(difflib.unified_diff(
        expected.splitlines(keepends=True), actual.splitlines(keepends=True),
        "expected.stderr", "actual stderr"))


def test_cases_found() -> None:
    assert len(CASES) >= 15, CASES


def _in_process(args: list[str], case: Path, env: dict[str, str],
                monkeypatch: pytest.MonkeyPatch,
                capfd: pytest.CaptureFixture[str]) -> subprocess.CompletedProcess[str]:
    """`swiggen generate` run in this process (the `main` that `python -m swiggen` runs), from
    the case folder with the case's environment: a new interpreter and swiggen's imports per
    case were most of these tests' time. Output is captured at the file descriptors, so what
    libclang itself prints is in it too."""
    monkeypatch.chdir(case)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    capfd.readouterr()
    try:
        status = cli.main(args)
    except SystemExit as exc:  # argparse's usage errors
        status = exc.code if isinstance(exc.code, int) else 1
    out, err = capfd.readouterr()
    return subprocess.CompletedProcess(["swiggen", *args], status, out, err)


@pytest.mark.parametrize("case", _params())
def test_failure_case(case: Path, tmp_path: Path, update_golden: bool,
                      monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]) -> None:
    spec = _load(case)
    args = list(spec["args"])
    out, build_dir = tmp_path / "out", tmp_path / "build"
    if args[0] in ("generate", "build"):
        args += ["-o", str(out)]
    if args[0] == "build":
        args += ["--build-dir", str(build_dir)]
    env = None
    if spec.get("env"):
        env = dict(os.environ)
        env.update(spec["env"])

    before = _files(case)
    if args[0] == "generate":
        proc = _in_process(args, case, spec.get("env", {}), monkeypatch, capfd)
    else:  # a build runs in a process of its own, with the test tier's stand-ins (conftest.py)
        proc = swiggen(*args, cwd=case, env=env)
    after = _files(case)

    golden = case / "expected.stderr"
    if update_golden and not spec.get("xfail"):
        golden.write_text(proc.stderr, encoding="utf-8")
    if not golden.exists():
        pytest.fail(f"{golden} is missing; create it with `pytest --update-golden`.\n"
                    f"stderr was:\n{proc.stderr}")
    expected = golden.read_text(encoding="utf-8")
    if proc.stderr != expected:
        pytest.fail(
            f"stderr of `swiggen {' '.join(spec['args'])}` differs from {golden}:\n"
            f"{_diff(expected, proc.stderr)}\n"
            "If the new output is intended, regenerate with `pytest --update-golden`."
        )
    assert proc.returncode == spec.get("exit", 1), proc.stdout + proc.stderr
    assert _files(out) == set(), f"output written although the command failed: {_files(out)}"
    assert _files(build_dir) == set(), f"build folder written: {_files(build_dir)}"
    assert after == before, f"files appeared in the case folder: {sorted(after - before)}"


# -- beyond golden stderr ------------------------------------------------------------------------

GOOD_HEADER = """\
namespace geo {
/// Area of a circle.
double area(double r);
double perimeter(double r);  // swiggen: rename(circumference)
double legacy(double r);  // swiggen: ignore
}
"""

TEMPLATE_HEADER = """\
namespace geo {
double area(double r);

template <class T> struct Box {
    T value;
};
}
"""

SG303 = ("box.h:4: {} SG303: class template 'geo::Box' is not wrapped — add 'swiggen: "
         "template(PyName, T)' naming the types to instantiate it for\n")


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_inspect_writes_nothing(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "good.h", GOOD_HEADER)
    proc = swiggen("inspect", "good.h", cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert "def area(r: float) -> float" in proc.stdout
    assert "def circumference(r: float) -> float" in proc.stdout
    assert "geo::legacy" in proc.stdout
    assert _files(work) == {"good.h"}


def test_warning_without_strict_exits_0(tmp_path: Path) -> None:
    """The strict_warning case's input, without --strict: a warning, exit 0, NAME.i written."""
    work = _write(tmp_path / "work", "box.h", TEMPLATE_HEADER)
    proc = swiggen("generate", "box.h", "-m", "box", "-o", "out", cwd=work)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == SG303.format("warning")
    assert _files(work / "out") == {"box.i", "box.decls", "box.decls/box.h"}


def test_strict_inspect_exits_1(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "box.h", TEMPLATE_HEADER)
    proc = swiggen("inspect", "box.h", "--strict", cwd=work)
    assert proc.returncode == 1
    assert proc.stderr == SG303.format("error")
    assert _files(work) == {"box.h"}


# -- regressions: bugs found and fixed (each test was a strict xfail first) -------------------------


def _generate(work: Path, header: str, *extra: str) -> tuple[Any, str]:
    proc = swiggen("generate", header, "-m", "mod", "-o", "out", *extra, cwd=work)
    iface = work / "out" / "mod.i"
    return proc, iface.read_text() if iface.exists() else ""


README_HEADER = """\
// geometry.h
namespace geo {
/// Area of a circle.
double circle_area(double r, int precision = 6);
double legacy_area(double r);  // swiggen: ignore
template <class T> struct Box { T value; };  // swiggen: template(IntBox, int)
}
"""


def test_readme_example_generates(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "geometry.h", README_HEADER)
    proc, iface = _generate(work, "geometry.h")
    assert proc.returncode == 0, proc.stderr
    assert "%template(IntBox) geo::Box<int>;" in iface


def test_one_line_struct_annotation_applies_to_struct_only(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "one.h",
                  "namespace geo {\nstruct P { int x; int y; };  // swiggen: rename(Point)\n}\n")
    proc, iface = _generate(work, "one.h")
    assert proc.returncode == 0, proc.stderr
    assert "%rename(Point) geo::P;" in iface
    assert "geo::P::x" not in iface and "geo::P::y" not in iface


def test_enumerator_directive_is_not_silently_dropped(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "colors.h",
                  "namespace geo {\nenum class Color {\n    Red,  // swiggen: ignore\n"
                  "    Green,  // swiggen: rename(GREEN)\n};\n}\n")
    proc, iface = _generate(work, "colors.h")
    if proc.returncode == 0:  # fixed by applying the directives
        assert "Red = " not in iface and "GREEN" in iface, iface
    else:  # fixed by rejecting them
        assert proc.returncode == 1
        assert "colors.h:3: error SG203" in proc.stderr, proc.stderr
        assert "colors.h:4: error SG203" in proc.stderr, proc.stderr


def test_ignore_silences_sg301(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "skipped.h",
                  "namespace geo {\nint counter = 3;  // swiggen: ignore\n"
                  "union U { int i; float f; };  // swiggen: ignore\ndouble area(double r);\n}\n")
    proc, _ = _generate(work, "skipped.h", "--strict")
    assert proc.stderr == ""
    assert proc.returncode == 0


def test_config_ignore_on_skipped_construct(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "skipped.h",
                  "namespace geo {\nint counter = 3;\ndouble area(double r);\n}\n")
    _write(work, "swiggen.toml", '[annotations]\n"geo::counter" = "ignore"\n')
    proc, _ = _generate(work, "skipped.h", "--config", "swiggen.toml")
    assert proc.returncode == 0, proc.stderr
    assert "SG205" not in proc.stderr and "SG301" not in proc.stderr, proc.stderr


def test_redeclared_function_is_not_an_overload(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "redecl.h",
                  "namespace geo {\ndouble area(double r, int precision = 6);\n\n"
                  "inline double area(double r, int precision) { return r * precision; }\n}\n")
    proc, iface = _generate(work, "redecl.h")
    assert proc.returncode == 0, proc.stderr
    assert "SG302" not in proc.stderr, proc.stderr
    assert "%feature(\"kwargs\"" not in iface, iface  # an overload set turns keywords off


def test_out_of_line_member_definitions_are_not_ignored(tmp_path: Path) -> None:
    work = _write(tmp_path / "work", "ool.h",
                  "namespace geo {\nstruct Shape {\n    double area() const;\n    Shape();\n};\n"
                  "inline double Shape::area() const { return 1.0; }\n"
                  "inline Shape::Shape() {}\n}\n")
    proc, iface = _generate(work, "ool.h")
    assert proc.returncode == 0, proc.stderr
    assert "SG301" not in proc.stderr, proc.stderr
    assert "%ignore geo::Shape::area" not in iface, iface
    assert "%ignore geo::Shape::Shape" not in iface, iface
