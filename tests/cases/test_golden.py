"""Golden files: each case's generated NAME.i (and NAME.pyi) must match the checked-in copy.

On a mismatch the test prints a unified diff; if the change is intended, regenerate with
`python -m pytest tests/cases --update-golden` and review the diff in git.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from conftest import CASES, REPO, case_headers, swiggen
from swiggen import cli

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
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(actual)
        return
    expected = golden.read_text() if golden.exists() else ""
    if actual != expected:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                            str(golden), "generated"))
        pytest.fail(f"{golden.name} differs from the generated output:\n{diff}\n"
                    "If intended: python -m pytest tests/cases --update-golden")


@pytest.mark.parametrize("name", NAMES)
def test_generated_interface_matches_golden(name: str, tmp_path: Path, update_golden: bool,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """`swiggen generate` run in this process (the `main` that `python -m swiggen` runs, from
    the case folder): a new interpreter and swiggen's imports per case were half of the quick
    tier's time. test_generate_as_a_command runs it as a command."""
    cwd, args = _args(name)
    monkeypatch.chdir(cwd)
    status = cli.main(["generate", *args, "-m", name, "-o", str(tmp_path)])
    assert status == 0, capsys.readouterr().err
    # generate writes the interface and the declaration views it reads, nothing else
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}.decls", f"{name}.i"]
    compare((tmp_path / f"{name}.i").read_text(), _golden(name) / f"{name}.i", update_golden)
    # the views are golden too: what SWIG reads of each header (render/view.py)
    views = sorted((tmp_path / f"{name}.decls").iterdir())
    assert views, name
    for view in views:
        compare(view.read_text(), _golden(name) / f"{name}.decls" / view.name, update_golden)


def test_generate_as_a_command(tmp_path: Path) -> None:
    """The command, in a process of its own, writes what the in-process runs compare."""
    cwd, args = _args("enums")
    proc = swiggen("generate", *args, "-m", "enums", "-o", str(tmp_path), cwd=cwd)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(tmp_path / "enums.i")
    assert (tmp_path / "enums.i").read_text() == (CASES / "enums" / "enums.i").read_text()


@pytest.mark.compile
@pytest.mark.parametrize("name", [n for n in NAMES if n != "example"])
def test_generated_stub_matches_golden(name: str, case_module, build_root: Path,
                                       update_golden: bool) -> None:
    case_module(name)  # builds it
    stub = build_root / name / "out" / f"{name}.pyi"
    compare(stub.read_text(), _golden(name) / f"{name}.pyi", update_golden)
