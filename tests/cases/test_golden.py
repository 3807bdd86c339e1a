"""Golden files: each case's generated NAME.i (and NAME.pyi) must match the checked-in copy.

On a mismatch the test prints a unified diff; if the change is intended, regenerate with
`python -m pytest tests/cases --update-golden` and review the diff in git.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from conftest import CASES, REPO, case_headers, swiggen

NAMES = sorted(p.name for p in CASES.iterdir() if p.is_dir() and (p / "test_" f"{p.name}.py").exists())


def _args(name: str) -> tuple[Path, list[str]]:
    """Where to run from, and the header/config arguments, for case `name`."""
    if name == "example":
        return REPO, ["cpp/example.h"]
    case = CASES / name
    extra = ["--config", "swiggen.toml"] if (case / "swiggen.toml").exists() else []
    if (case / "STD").exists():
        extra += ["--std", (case / "STD").read_text().strip()]
    return case, [*case_headers(name), *extra]


def _golden(name: str) -> Path:
    return CASES / name


def compare(actual: str, golden: Path, update: bool) -> None:
    if update:
        golden.write_text(actual)
        return
    expected = golden.read_text() if golden.exists() else ""
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            str(golden), "generated"))
        pytest.fail(f"{golden.name} differs from the generated output:\n{diff}\n"
                    "If intended: python -m pytest tests/cases --update-golden")


@pytest.mark.parametrize("name", NAMES)
def test_generated_interface_matches_golden(name: str, tmp_path: Path,
                                            update_golden: bool) -> None:
    cwd, args = _args(name)
    proc = swiggen("generate", *args, "-m", name, "-o", str(tmp_path), cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == [f"{name}.i"]  # generate writes nothing else
    compare((tmp_path / f"{name}.i").read_text(), _golden(name) / f"{name}.i", update_golden)


@pytest.mark.compile
@pytest.mark.parametrize("name", [n for n in NAMES if n != "example"])
def test_generated_stub_matches_golden(name: str, case_module, build_root: Path,
                                       update_golden: bool) -> None:
    case_module(name)  # builds it
    stub = build_root / name / "out" / f"{name}.pyi"
    compare(stub.read_text(), _golden(name) / f"{name}.pyi", update_golden)
