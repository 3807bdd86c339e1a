"""A module always builds: a declaration whose wrapper the compiler rejects is left out (SG420),
named at its header line, and the rest of the module works (compile/leaveout.py).

tests/leaveout/leaveout.h holds the shapes the model cannot foresee, one family member each: a
function template, a member function template, a class template's method for one instance, an
operator whose result is no bool, a class whose type traits say it copies when it does not, and
a field that cannot be assigned. `--strict` fails instead, naming the same declarations.
"""

from __future__ import annotations

import importlib
import json
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO, swiggen

pytestmark = pytest.mark.compile

HEADER = REPO / "tests" / "leaveout" / "leaveout.h"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    work = tmp_path_factory.mktemp("leaveout")
    shutil.copy(HEADER, work)
    proc = swiggen("build", "leaveout.h", "-m", "leaveout", "-o", "out", "-j", "2", cwd=work)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return work, proc.stderr


@pytest.fixture(scope="module")
def leaveout(built: tuple[Path, str]) -> ModuleType:
    sys.path.insert(0, str(built[0] / "out"))
    try:
        return importlib.import_module("leaveout")
    finally:
        sys.path.pop(0)


def _sg420(stderr: str) -> dict[str, str]:
    """Python name -> the SG420 line naming it."""
    return {m.group(1): line for line in stderr.splitlines()
            if (m := re.search(r"SG420: '[^']*' \(Python '([^']*)'\)", line))}


def test_each_rejected_declaration_is_named_at_its_header_line(built: tuple[Path, str]) -> None:
    lines = _sg420(built[1])
    assert set(lines) == {"twice_int", "Meter.as_int", "IntCell.length", "Verdict.__eq__",
                          "Holder.__copy__", "Holder.items", "Setting.__getitem__"}, built[1]
    header = HEADER.read_text().splitlines()

    def line_of(text: str) -> int:
        return next(i for i, line in enumerate(header, 1) if text in line)

    assert lines["twice_int"].startswith(f"leaveout.h:{line_of('T twice(T x)')}: warning")
    assert lines["Meter.as_int"].startswith(f"leaveout.h:{line_of('T as() const')}: warning")
    assert "'lo::Meter::as() const'" in lines["Meter.as_int"]
    # the compiler's own first error line, and the key that leaves it out for good
    assert "is not a member of" in lines["Meter.as_int"]
    assert '"lo::Meter::as() const" = "ignore"' in lines["Meter.as_int"]
    assert "is not copied" in lines["Holder.__copy__"]
    assert "is read-only" in lines["Holder.items"]


def test_the_rest_of_the_module_works(leaveout: ModuleType) -> None:
    assert leaveout.thrice_int(4) == 12
    assert leaveout.plus_one(1) == 2
    m = leaveout.Meter(5)
    assert m.value() == 5 and m.scaled(3) == 15
    assert not hasattr(m, "as_int")
    assert not hasattr(leaveout, "twice_int")
    cell = leaveout.StrCell()
    cell.value = "abc"
    assert cell.get() == "abc"
    assert leaveout.IntCell().get() == 0
    assert not hasattr(leaveout.IntCell(), "length")


def test_a_subscript_that_does_not_compile_costs_the_subscript_only(leaveout: ModuleType
                                                                    ) -> None:
    s = leaveout.Setting()
    assert s.length() == 4
    with pytest.raises(TypeError):
        s[0]


def test_an_operator_that_does_not_compile_costs_its_protocol_only(leaveout: ModuleType) -> None:
    a, b = leaveout.Verdict(a=1), leaveout.Verdict(a=2)
    assert a < b and not b < a
    assert (a == a) is True and (a == b) is False  # identity: C++'s == is not offered


def test_a_class_that_cannot_be_copied_is_not_copied(leaveout: ModuleType) -> None:
    import copy

    h = leaveout.Holder(tag=3)
    assert h.count() == 3
    assert not hasattr(h, "__copy__") and not hasattr(h, "__deepcopy__")
    # no C++ copy: a record is rebuilt from its fields (its pickle), never copied by C++
    twin = copy.copy(h)
    assert twin is not h and twin.count() == 3


def test_the_stub_and_report_agree_with_the_module(built: tuple[Path, str],
                                                   leaveout: ModuleType) -> None:
    stub = (built[0] / "out" / "leaveout.pyi").read_text()
    holder = stub[stub.index("class Holder"):stub.index("class IntCell")]
    verdict = stub[stub.index("class Verdict"):]
    cells = stub[stub.index("class IntCell"):stub.index("class Verdict")]
    for name in ("twice_int", "as_int"):
        assert f"def {name}(" not in stub
    assert "def length(" not in cells
    assert "def __copy__(" not in holder and "items" not in holder
    assert "def __eq__(" not in verdict and "def __lt__(" in verdict
    for name in ("thrice_int", "scaled", "count"):
        assert f"def {name}(" in stub
    # inspect --report lowers as the build did, and says why each was left out
    proc = swiggen("inspect", "leaveout.h", "--report", cwd=built[0])
    assert proc.returncode == 0, proc.stderr
    section = proc.stdout[proc.stdout.index("skipped: its wrapper does not compile (SG420)"):]
    for name in ("function lo::twice", "method lo::Meter::as", "method lo::Cell::length",
                 "method lo::Verdict::operator=="):
        assert name in section.split("skipped:")[1], proc.stdout


def test_a_rebuild_keeps_the_warnings_and_does_nothing(built: tuple[Path, str]) -> None:
    proc = swiggen("build", "leaveout.h", "-m", "leaveout", "-o", "out", cwd=built[0])
    assert proc.returncode == 0, proc.stderr
    assert "up to date" in proc.stdout
    assert set(_sg420(proc.stderr)) == set(_sg420(built[1]))


def test_strict_fails_naming_the_declarations(tmp_path: Path) -> None:
    shutil.copy(HEADER, tmp_path)
    proc = swiggen("build", "leaveout.h", "-m", "leaveout", "-o", "out", "--strict",
                   cwd=tmp_path)
    assert proc.returncode == 1
    assert re.search(r"leaveout\.h:\d+: error SG420: 'lo::Meter::as\(\) const' \(Python "
                     r"'Meter.as_int'\) does not compile", proc.stderr), proc.stderr
    # the first compiler error keeps its context: the function it is in, the line and caret
    first = proc.stderr[proc.stderr.index("error SG420"):]
    assert re.search(r": In (?:member )?function|In instantiation of", first), first
    assert re.search(r"^ +\d+ \| ", first, re.M) and re.search(r"^ +\| .*\^", first, re.M)
    assert not (tmp_path / "out" / "leaveout.py").exists()


def test_strict_is_a_project_setting(tmp_path: Path) -> None:
    shutil.copy(HEADER, tmp_path)
    (tmp_path / "pyproject.toml").write_text(
        '[[tool.swiggen.modules]]\nname = "leaveout"\nheaders = ["leaveout.h"]\nstrict = true\n')
    proc = swiggen("build", cwd=tmp_path)
    assert proc.returncode == 1 and "error SG420" in proc.stderr, proc.stderr


def test_an_error_in_a_users_source_still_fails(tmp_path: Path) -> None:
    (tmp_path / "ok.h").write_text("#pragma once\nint one();\n")
    (tmp_path / "ok.cpp").write_text('#include "ok.h"\nint one() { return nope; }\n')
    proc = swiggen("build", "ok.h", "--sources", "ok.cpp", "-m", "ok", "-o", "out",
                   cwd=tmp_path)
    assert proc.returncode == 1
    assert "SG403" in proc.stderr and "ok.cpp" in proc.stderr and "SG420" not in proc.stderr


def test_build_report_json(built: tuple[Path, str]) -> None:
    """The build folder's report lists what was left out, and why."""
    report = json.loads((built[0] / "build" / "swiggen" / "leaveout" / "report.json")
                        .read_text())
    left = {d["python"]: d for d in report["left_out"]}
    assert set(left) == set(_sg420(built[1]))
    assert left["Meter.as_int"]["cpp"] == "lo::Meter::as() const"
    assert left["Meter.as_int"]["line"] > 0 and "from" in left["Meter.as_int"]["error"]


def _classes_header(planted: bool) -> str:
    """200 classes of 3 methods; with `planted`, C117 has a member template whose body fails
    for the instance its directive asks for (only the compiler can tell)."""
    lines = ["#pragma once", "#include <string>", "namespace big {"]
    for c in range(200):
        lines.append(f"class C{c} {{\npublic:\n    int n = {c};\n"
                     f"    int get() const {{ return n; }}\n"
                     f"    double half() const {{ return n / 2.0; }}\n"
                     f"    std::string name() const {{ return \"C{c}\"; }}")
        if planted and c == 117:
            lines.append("    template <class T> T as() const { return T::from(n); }"
                         "  // swiggen: template(as_int, int)")
        lines.append("};")
    lines.append("}  // namespace big")
    return "\n".join(lines) + "\n"


def test_a_planted_error_in_one_of_200_classes_costs_one_method_and_one_unit(
        tmp_path: Path) -> None:
    (tmp_path / "big.h").write_text(_classes_header(planted=False))
    args = ("build", "big.h", "-m", "big", "-o", "out", "--units", "8", "-j", "2", "-v")
    first = swiggen(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr[-3000:]
    (tmp_path / "big.h").write_text(_classes_header(planted=True))
    second = swiggen(*args, cwd=tmp_path)
    assert second.returncode == 0, second.stderr[-3000:]
    assert re.search(r"big\.h:\d+: warning SG420: 'big::C117::as\(\) const' \(Python "
                     r"'C117.as_int'\) is left out", second.stderr), second.stderr
    # only the unit of C117 compiled (it failed, then compiled without the method)
    compiled = re.search(r"(\d+) compiled", second.stdout)
    assert compiled is not None and compiled.group(1) == "1", second.stdout
    out = tmp_path / "out"
    check = ("import big; c = big.C117(); assert c.get() == 117 and c.name() == 'C117';"
             "assert not hasattr(c, 'as_int'); assert big.C3().half() == 1.5")
    import subprocess
    proc = subprocess.run([sys.executable, "-c", check], cwd=out, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr


def test_swig_that_does_not_finish_fails_the_build_in_time(tmp_path: Path) -> None:
    """SWIG's template expansion can run for ever on a large header (flatbuffers): past
    SWIGGEN_SWIG_TIMEOUT the build fails (SG402), saying what to do, instead of hanging."""
    import os

    (tmp_path / "t.h").write_text("#pragma once\ninline int one() { return 1; }\n")
    proc = swiggen("build", "t.h", "-m", "t", "-o", "out", cwd=tmp_path,
                   env={**os.environ, "SWIGGEN_SWIG_TIMEOUT": "0.01"})
    assert proc.returncode == 1
    assert "error SG402: SWIG did not finish on" in proc.stderr, proc.stderr
    assert "SWIGGEN_SWIG_TIMEOUT" in proc.stderr


def test_a_split_wrapper_leaves_out_the_same_declarations(tmp_path: Path,
                                                          built: tuple[Path, str]) -> None:
    """Split into units (--units), the errors are traced in the units and in their shared
    prelude header (pch.py), where %extend helpers may sit (toml++'s node.__getitem__)."""
    shutil.copy(HEADER, tmp_path)
    proc = swiggen("build", "leaveout.h", "-m", "leaveout", "-o", "out", "--units", "3",
                   "-j", "2", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert set(_sg420(proc.stderr)) == set(_sg420(built[1])), proc.stderr
