"""A build's warnings stay readable: few are printed in full; many are summed up per kind, one
line each with a count, the kind's meaning and its first places (buildprint.print_build_warnings)."""

from __future__ import annotations

import pytest

from swiggen import buildprint
from swiggen.diagnostics import Diagnostic, Loc, Severity


def _warnings(counts: dict[str, int]) -> list[Diagnostic]:
    return [Diagnostic(Loc("lib.h", 100 * i + n + 1), Severity.WARNING, code, f"{code} number {n}")
            for i, (code, count) in enumerate(counts.items()) for n in range(count)]


def test_few_warnings_are_printed_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    ws = _warnings({"SG301": 5, "SG312": 4})
    buildprint.print_build_warnings(ws, verbose=False)
    assert capsys.readouterr().err.splitlines() == [str(w) for w in ws]


def test_many_warnings_are_one_line_per_kind(capsys: pytest.CaptureFixture[str]) -> None:
    ws = _warnings({"SG301": 57, "SG312": 30, "SG342": 2})
    buildprint.print_build_warnings(ws, verbose=False)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) <= buildprint.WARNING_LINES
    assert lines[:2] == [str(w) for w in ws if w.code == "SG342"]  # a rare kind, in full
    assert lines[2] == ("swiggen: warning SG301 x57: construct not wrapped "
                        "(at lib.h:1, lib.h:2, lib.h:3, ...)")
    assert lines[3].startswith("swiggen: warning SG312 x30: ")
    assert lines[-1].startswith("swiggen: 89 warnings in all: -v lists each one")


def test_verbose_prints_every_warning(capsys: pytest.CaptureFixture[str]) -> None:
    ws = _warnings({"SG301": 57})
    buildprint.print_build_warnings(ws, verbose=True)
    assert len(capsys.readouterr().err.splitlines()) == 57


def test_swigs_own_warnings_are_summed_up_with_ours() -> None:
    line = ("x.h:8: warning SG341: SWIG warning 511: Can't use keyword arguments with "
            "overloaded functions (f). \u2014 pass its arguments by position")
    found, other = buildprint.swig_warnings(f"{line}\nsome other line\n")
    assert [str(d) for d in found] == [line] and other == ["some other line"]
