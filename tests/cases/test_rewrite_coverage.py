"""Every case module's real wrapper is post-processed in full: each kind of rewrite (rewrites.py)
rewrote every candidate shape SWIG wrote, so a SWIG release that changes a shape fails here
instead of leaving wrappers on SWIG's slow path. Reads the BUILD/rewrites.json of the case
builds the other tests make (no extra compile)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import REPO, swiggen
from test_golden import NAMES

pytestmark = pytest.mark.compile

#: kinds every case module has candidates of (SWIG writes the closure into every -builtin module)
ALWAYS = {"dealloc_type_reference", "dealloc_error_state"}


def _built(name: str, case_module, build_root: Path) -> Path:  # type: ignore[no-untyped-def]
    """The build folder of case `name`, built if this session has not yet."""
    build = build_root / name / "build"
    if name == "example":  # built from cpp/ (tests/cases/example/test_example.py)
        proc = swiggen("build", "cpp/example.h", "--sources", "cpp/example.cpp", "-m", "example",
                       "-o", str(build_root / "example" / "out"), "--build-dir", str(build),
                       "-O1", cwd=REPO)
        assert proc.returncode == 0, proc.stderr
    else:
        case_module(name)
    return build


@pytest.mark.parametrize("name", NAMES)
def test_every_candidate_shape_is_rewritten(name: str, case_module, build_root: Path) -> None:
    report = json.loads((_built(name, case_module, build_root) / "rewrites.json").read_text())
    kinds = report["kinds"]
    left = {kind: c["left"] for kind, c in kinds.items() if c["left"]}
    assert not left, f"SWIG {report['swig']}: shapes left on SWIG's slow path: {left}"
    assert all(c["rewritten"] + c["native"] == c["found"] for c in kinds.values())
    assert {kind for kind, c in kinds.items() if c["found"]} >= ALWAYS


def test_build_verbose_prints_the_report(case_module, build_root: Path) -> None:
    """`swiggen build -v` prints what rewrites.json holds, also when nothing is rebuilt."""
    build = _built("classes", case_module, build_root)
    report = json.loads((build / "rewrites.json").read_text())
    case = REPO / "tests" / "cases" / "classes"
    proc = swiggen("build", "classes.h", "--sources", "classes.cpp", "-m", "classes", "-o",
                   str(build_root / "classes" / "out"), "--build-dir", str(build), "-O1", "-v",
                   cwd=case)
    assert proc.returncode == 0, proc.stderr
    assert "SG700" not in proc.stderr
    lines = proc.stdout.splitlines()
    start = lines.index(f"post-processing of SWIG {report['swig']}'s wrapper (candidates "
                        "rewritten):")
    shown = {line.split()[0]: line.split()[1] for line in lines[start + 1:]}
    assert shown == {kind: f"{c['rewritten']}/{c['found']}" for kind, c in report["kinds"].items()
                     if c["found"]}
    assert shown["vectorcall"] == "4/4" and shown["fastcall"] == "7/7"
