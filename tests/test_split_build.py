"""A module whose wrapper is split into several translation units (split.py) behaves exactly like
the one-unit build: the case tests run against split builds; an annotation change recompiles
only the units whose text changed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CASES, swiggen
from swiggen.compile import headerdiff
from swiggen.swig import split

pytestmark = pytest.mark.compile


@pytest.mark.parametrize("case", ["protocols", "ownership", "dynamic", "overrides"])
def test_case_tests_pass_on_the_split_build(case: str, tmp_path: Path) -> None:
    """The case's own test file, run with every case module built as 3 units: protocols
    (slots, closures, operators), ownership (free lists, destructors, keep-alive), dynamic
    (template specialisations in the prelude, implicit conversions, enums), overrides (SWIG
    directors: their methods and the director runtime's static mutex are unit 0's)."""
    env = {**os.environ, "SWIGGEN_TEST_UNITS": "3"}
    env.pop("PYTEST_XDIST_WORKER", None)
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "--basetemp", str(tmp_path / "run"), str(CASES / case / f"test_{case}.py")],
        env=env, capture_output=True, text=True, timeout=900, cwd=CASES.parent.parent)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert re.search(r"\d+ passed", proc.stdout)
    build = tmp_path / "run" / "swiggen-builds-units3" / case / "build"
    assert sorted(p.name for p in build.glob(f"{case}_wrap_*")) == [
        f"{case}_wrap_0.cxx", f"{case}_wrap_1.cxx", f"{case}_wrap_2.cxx",
        f"{case}_wrap_prelude.h"]
    # linked from the units: not compiled again as one translation unit after a link failure
    # (SG502)
    assert not list(build.glob(f"obj/{case}_wrap-*.o"))


def functions(namespace: str) -> str:
    return f"#pragma once\nnamespace {namespace} {{\n" + "".join(
        f"inline int f{i}(int x) {{ return x + {i}; }}\n" for i in range(24)) + "}\n"


HEADER = functions("sp")


def test_an_annotation_recompiles_only_the_units_it_changes(tmp_path: Path) -> None:
    (tmp_path / "sp.h").write_text(HEADER)
    config = tmp_path / "sp.toml"
    config.write_text('[annotations]\n"sp::f0" = "nogil"\n')  # its helpers are in the prelude
    args = ("build", "sp.h", "-m", "sp", "-o", "out", "--build-dir", "bld", "-O0",
            "--units", "4", "--config", "sp.toml")
    first = swiggen(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "4 compiled" in first.stdout
    assert swiggen(*args, cwd=tmp_path).stdout.count("up to date") == 1

    config.write_text('[annotations]\n"sp::f0" = "nogil"\n"sp::f7" = "nogil"\n')
    again = swiggen(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    unit = split.unit_of("_wrap_f7", 4)
    assert "1 compiled" in again.stdout, again.stdout  # f7's unit; unit 0's text is the same
    units = sorted((tmp_path / "bld").glob("sp_wrap_[0-9].cxx"))
    assert "swiggen_nogil" in units[unit].read_text()
    # PyPy's cffi shim of f7 (nogil: no module lock) goes with its wrapper, not in the prelude
    assert "swiggen_cffi_sp_fn_f7(" in units[unit].read_text()
    assert "swiggen_cffi_sp_fn_" not in (tmp_path / "bld" / "sp_wrap_prelude.h").read_text()

    probe = ("import sys; sys.path.insert(0, 'out'); import sp; "
             "print(sp.f7(1), sp.f0(x=1), sp.f23(2))")
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                         text=True)
    assert run.stdout.split() == ["8", "1", "25"], run.stderr


RECORDER = """\
import os, subprocess, sys, time
start = time.monotonic()
rc = subprocess.call(sys.argv[1:])
if "-c" in sys.argv or "-shared" in sys.argv:
    with open(os.environ["SWIGGEN_TEST_CXX_LOG"], "a") as fh:
        fh.write(f"{start} {time.monotonic()}\\n")
sys.exit(rc)
"""

PROJECT = """\
[[tool.swiggen.modules]]
name = "pa"
headers = ["pa.h"]
units = 3

[[tool.swiggen.modules]]
name = "pb"
headers = ["pb.h"]
sources = ["pb.cpp"]
units = 2
"""


def _most_at_once(log: Path) -> int:
    events = []
    for line in log.read_text().split("\n"):
        if line:
            start, end = map(float, line.split())
            events += [(start, 1), (end, -1)]
    running = most = 0
    for _, step in sorted(events, key=lambda e: (e[0], e[1])):  # an end before a start
        running += step
        most = max(most, running)
    return most


def test_project_modules_and_units_share_one_job_pool(tmp_path: Path) -> None:
    """`-j 2` over two modules split into 3 + 2 units and a source: 7 compiles and 2 links,
    never more than 2 at once (and 2 at once at some point: the pool is shared)."""
    (tmp_path / "pyproject.toml").write_text(PROJECT)
    (tmp_path / "pa.h").write_text(functions("pa"))
    (tmp_path / "pb.h").write_text("#pragma once\nnamespace pb {\nint g(int x);\n"
                                   "inline int h(int x) { return -x; }\n}\n")
    (tmp_path / "pb.cpp").write_text('#include "pb.h"\nint pb::g(int x) { return 3 * x; }\n')
    (tmp_path / "cxx.py").write_text(RECORDER)
    log = tmp_path / "cxx.log"
    real = os.environ.get("CXX", "c++")
    env = {**os.environ, "CXX": f"{sys.executable} {tmp_path / 'cxx.py'} {real}",
           "SWIGGEN_TEST_CXX_LOG": str(log)}
    proc = subprocess.run([sys.executable, "-m", "swiggen", "build", "-j", "2", "-O0"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    assert len(log.read_text().split("\n")) - 1 == 3 + 2 + 1 + 2
    assert _most_at_once(log) == 2
    probe = "import pa, pb; print(pa.f3(1), pb.g(2), pb.h(4))"
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                         text=True)
    assert run.stdout.split() == ["4", "6", "-4"], run.stderr


def test_shared_code_that_defines_a_symbol_falls_back_to_one_unit(tmp_path: Path) -> None:
    """A typemap file's `%{ %}` code that defines a (non-static) function would be defined by
    every unit: the split does not link, and the module is built as one unit with SG502."""
    (tmp_path / "sp.h").write_text(HEADER)
    (tmp_path / "extra.i").write_text("%{\nint swiggen_test_counter = 0;\n"
                                      "int swiggen_test_bump() { return ++swiggen_test_counter; }\n"
                                      "%}\n")
    args = ("build", "sp.h", "-m", "sp", "-o", "out", "--build-dir", "bld", "-O0",
            "--units", "3", "--typemap", "extra.i")
    proc = swiggen(*args, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert ("bld/sp_wrap.cxx: warning SG502: the wrapper is compiled as one translation unit: "
            "'swiggen_test_counter' is defined in the code every unit shares") in proc.stderr
    run = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, 'out'); "
                          "import sp; print(sp.f3(1))"], cwd=tmp_path, capture_output=True,
                         text=True)
    assert run.stdout.split() == ["4"], run.stderr


CLASSES = """\
#pragma once
namespace sx {
struct Alpha {
    int a0(int x) const { return x + 1; }
    int a1(int x) const { return x + 2; }
};
struct Beta {
    int b0(int x) const { return x * 2; }
    int b1(int x) const { return x * 3; }
};
struct Gamma {
    int g0(int x) const { return -x; }
};
inline int twice(int x) { return 2 * x; }
}
"""


def _build(tmp_path: Path) -> list[str]:
    """Build sx.h as 4 units in-process; the names of the files the build compiled (its own
    record, BuildResult.compiled)."""
    from swiggen.compile import extension as build_mod
    from swiggen import pipeline
    from swiggen.specs import ModuleSpec

    spec = ModuleSpec(module="sx", headers=(str(tmp_path / "sx.h"),))
    options = build_mod.BuildOptions(optimize="-O0", units=4, jobs=2)
    result = pipeline.build(spec, (), options, tmp_path / "out", tmp_path / "bld")
    return sorted(Path(p).name for p in result.compiled)


def _probe(tmp_path: Path, expr: str) -> str:
    run = subprocess.run([sys.executable, "-c", f"import sx; print(({expr}))"],
                         cwd=tmp_path / "out", capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return run.stdout.strip()


REIMPORT = """\
import glob, importlib.machinery, importlib.util
so = glob.glob("_sx*.so")[0]
for _ in range(2):
    loader = importlib.machinery.ExtensionFileLoader("_sx", so)
    module = importlib.util.module_from_spec(importlib.util.spec_from_file_location(
        "_sx", so, loader=loader))
    loader.exec_module(module)
    try:
        module.Beta().extra("x")
    except TypeError as e:
        print(e)
"""


def test_a_method_added_to_the_header_recompiles_only_its_unit(tmp_path: Path) -> None:
    """Every unit includes the header, yet adding a method recompiles the unit of its class
    only (its wrappers and tables): the other units cannot spell the new name
    (segments.py, headerdiff.py); adding a class, the units its wrappers went to. A class changed otherwise (a data member: its layout)
    recompiles every unit that names the class; an inline function's new body, those that
    call it."""
    header = tmp_path / "sx.h"
    header.write_text(CLASSES)
    units = [f"sx_wrap_{i}.cxx" for i in range(4)]
    assert _build(tmp_path) == units
    before = {u: (tmp_path / "bld" / u).read_text() for u in units}

    header.write_text(CLASSES.replace(
        "    int b1(", "    /// Seven times.\n    int extra(int x) const { return 7 * x; }\n"
                      "    int b1("))
    # the class's wrappers, tables and signature rows share one unit (splitclasses.py,
    # splitsignatures.py): only that unit changes, not unit 0 nor the prelude
    own = f"sx_wrap_{split.unit_of('SwigPyBuiltin__sx__Beta', 4)}.cxx"
    assert _build(tmp_path) == [own]
    changed = sorted(u for u in units if (tmp_path / "bld" / u).read_text() != before[u])
    assert changed == [own]
    text = (tmp_path / "bld" / own).read_text()
    assert "SwigPyBuiltin__sx__Beta_methods[]" in text and "_wrap_Beta_extra(" in text
    assert '"Beta_extra"' in text  # its signature row: argument errors name it
    assert _probe(tmp_path, "sx.Beta().extra(3), sx.Beta().b1(3), sx.Alpha().a1(1), "
                            "sx.twice(4)") == "(21, 9, 3, 8)"
    run = subprocess.run([sys.executable, "-c", "import sx\ntry: sx.Beta().extra('x')\n"
                          "except TypeError as e: print(e)"], cwd=tmp_path / "out",
                         capture_output=True, text=True)
    assert run.stdout.strip() == "Beta.extra() argument 'x' (position 1) must be int, not str"
    # the extension executed again (a new module object: each unit's table is added once, no
    # cycle in the list errors.swg searches)
    again = subprocess.run([sys.executable, "-c", REIMPORT], cwd=tmp_path / "out",
                           capture_output=True, text=True, timeout=60)
    assert again.stdout.split("\n")[:2] == [
        "Beta.extra() argument 'x' (position 1) must be int, not str"] * 2, again.stderr

    # a class added: the prelude stays the same (SWIG's type table is in unit 0, the class's
    # %extend functions go to the unit of their wrappers); the units that changed recompile
    prelude = (tmp_path / "bld" / "sx_wrap_prelude.h").read_text()
    before = {u: (tmp_path / "bld" / u).read_text() for u in units}
    header.write_text(header.read_text().replace(
        "inline int twice", "struct Delta {\n    int d0(int x) const { return x - 1; }\n};\n"
                            "inline int twice"))
    compiled = _build(tmp_path)
    assert (tmp_path / "bld" / "sx_wrap_prelude.h").read_text() == prelude
    assert compiled == [u for u in units if (tmp_path / "bld" / u).read_text() != before[u]]
    assert _probe(tmp_path, "sx.Delta().d0(5), sx.Beta().extra(1)") == "(4, 7)"

    header.write_text(header.read_text().replace("struct Alpha {",
                                                  "struct Alpha {\n    int n = 5;"))
    compiled = _build(tmp_path)
    # its keyword constructor (%extend code, prelude) moved to its unit: the prelude is the same
    assert (tmp_path / "bld" / "sx_wrap_prelude.h").read_text() == prelude
    assert compiled == [u for u in units if re.search(r"\bAlpha\b", headerdiff._NOT_CODE.sub(
        " ", (tmp_path / "bld" / u).read_text()))]
    assert _probe(tmp_path, "sx.Alpha().n, sx.Alpha().a0(1)") == "(5, 2)"
    assert _build(tmp_path) == []

    # an inline function's body changed: the units that call it, not the others
    header.write_text(header.read_text().replace("return 2 * x;", "return x + x + 1;"))
    calling = [u for u in units if "sx::twice(" in (tmp_path / "bld" / u).read_text()]
    assert _build(tmp_path) == calling and len(calling) == 1  # unit 0 has its name in a string
    assert _probe(tmp_path, "sx.twice(4), sx.Gamma().g0(2)") == "(9, -2)"


ORDER_RECORDER = """\
import os, subprocess, sys
if "-c" in sys.argv:
    with open(os.environ["SWIGGEN_TEST_CXX_LOG"], "a") as fh:
        fh.write(os.path.basename(sys.argv[sys.argv.index("-c") + 1]) + "\\n")
sys.exit(subprocess.call(sys.argv[1:]))
"""


def test_units_start_with_unit_0_then_largest_first(tmp_path: Path) -> None:
    """With one job the compiles run in the order they start: unit 0 (the tables; it does not
    wait for the precompiled prelude) first, then the other units by size, largest first, so
    that with -j N the last compile to end is a short one."""
    (tmp_path / "so.h").write_text(functions("so") + "namespace so {\n" + "".join(
        f"inline int wide{i}(int a, int b, int c, int d, int e) {{ return a + b + c + d + e; }}\n"
        for i in range(12)) + "}\n")
    (tmp_path / "cxx.py").write_text(ORDER_RECORDER)
    log = tmp_path / "cxx.log"
    real = os.environ.get("CXX", "c++")
    env = {**os.environ, "CXX": f"{sys.executable} {tmp_path / 'cxx.py'} {real}",
           "SWIGGEN_TEST_CXX_LOG": str(log)}
    proc = subprocess.run([sys.executable, "-m", "swiggen", "build", "so.h", "-m", "so", "-o",
                           "out", "--build-dir", "bld", "-O0", "--units", "5", "-j", "1"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr
    started = [s for s in log.read_text().split() if s.endswith(".cxx")]
    others = sorted((f"so_wrap_{i}.cxx" for i in range(1, 5)),
                    key=lambda u: -(tmp_path / "bld" / u).stat().st_size)
    assert started == ["so_wrap_0.cxx", *others]
    sizes = [(tmp_path / "bld" / u).stat().st_size for u in others]
    assert sizes[0] > sizes[-1]  # the units differ: the order is the sizes', not the names'
    run = subprocess.run([sys.executable, "-c", "import so; print(so.wide3(1, 2, 3, 4, 5))"],
                         cwd=tmp_path / "out", capture_output=True, text=True)
    assert run.stdout.strip() == "15", run.stderr
