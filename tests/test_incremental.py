"""The CLI's build contract: deterministic output, no-op rebuilds, located tool failures."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from conftest import REPO, swiggen

pytestmark = pytest.mark.compile

HEADER = """\
#pragma once
/// Twice x.
inline int twice(int x) { return 2 * x; }
"""


def test_generate_twice_gives_identical_bytes(tmp_path: Path) -> None:
    for out in ("a", "b"):
        proc = swiggen("generate", "cpp/example.h", "-m", "example", "-o", str(tmp_path / out),
                       cwd=REPO)
        assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "a" / "example.i").read_bytes() == \
        (tmp_path / "b" / "example.i").read_bytes()


def test_rebuild_does_nothing_until_an_input_changes(tmp_path: Path) -> None:
    (tmp_path / "tw.h").write_text(HEADER)
    args = ("build", "tw.h", "-m", "tw", "-o", "out", "--build-dir", "bld", "-O0")
    first = swiggen(*args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    outputs = sorted((tmp_path / "out").iterdir())
    # NAME.decls/ holds the declaration views NAME.i reads
    assert {p.suffix for p in outputs} == {".py", ".so", ".pyi", ".i", ".decls"}
    stamps = {p: p.stat().st_mtime_ns for p in outputs}

    again = swiggen(*args, cwd=tmp_path)
    assert again.returncode == 0 and "(up to date)" in again.stdout
    assert {p: p.stat().st_mtime_ns for p in outputs} == stamps  # nothing rewritten

    (tmp_path / "tw.h").write_text(HEADER.replace("2 * x", "3 * x"))
    changed = swiggen(*args, cwd=tmp_path)
    assert changed.returncode == 0 and "1 compiled" in changed.stdout and "linked" in changed.stdout


def test_compile_failure_shows_the_error_and_the_command(tmp_path: Path) -> None:
    (tmp_path / "bad.h").write_text("#pragma once\nint f(int x);\n")
    (tmp_path / "bad.cpp").write_text('#include "bad.h"\nint f(int x) { return x +; }\n')
    proc = swiggen("build", "bad.h", "--sources", "bad.cpp", "-m", "bad", "-o", "out",
                   "--build-dir", "bld", "-O0", cwd=tmp_path)
    assert proc.returncode == 1
    assert "error SG403: compiling" in proc.stderr and "bad.cpp" in proc.stderr
    assert "error:" in proc.stderr and "command: " in proc.stderr
    assert not (tmp_path / "out").exists()  # no half-written output


@pytest.mark.skipif(shutil.which("c++") is None, reason="needs a C++ compiler")
def test_missing_source_is_a_located_error(tmp_path: Path) -> None:
    (tmp_path / "tw.h").write_text(HEADER)
    proc = swiggen("build", "tw.h", "--sources", "nope.cpp", "-m", "tw", "-o", "out",
                   cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.startswith("nope.cpp: error SG101: source file 'nope.cpp' not found")
    assert not (tmp_path / "out").exists()


def test_noop_rebuild_reads_the_stamp_not_the_inputs(tmp_path: Path) -> None:
    """With every recorded input unchanged (size and mtime), a rebuild does not parse: a config
    made malformed behind the stamp's back (same size, same mtime) goes unnoticed; SWIG and
    the compiler never read the config, so only parsing would fail."""
    (tmp_path / "tw.h").write_text(HEADER)
    config = tmp_path / "swiggen.toml"
    config.write_text("[annotations]\n")
    args = ("build", "tw.h", "-m", "tw", "-o", "out", "--build-dir", "bld", "-O0",
            "--config", "swiggen.toml")
    assert swiggen(*args, cwd=tmp_path).returncode == 0
    st = config.stat()
    config.write_text("[annotations\n\n")  # malformed TOML, same length
    os.utime(config, ns=(st.st_atime_ns, st.st_mtime_ns))
    again = swiggen(*args, cwd=tmp_path)
    assert again.returncode == 0 and "(up to date)" in again.stdout, again.stderr
    os.utime(config, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))  # touched: content checked
    broken = swiggen(*args, cwd=tmp_path)
    assert broken.returncode == 1 and "SG103" in broken.stderr
    config.write_text("[annotations]\n")
    assert "(up to date)" in swiggen(*args, cwd=tmp_path).stdout
    os.utime(config, ns=(st.st_atime_ns, st.st_mtime_ns + 2 * 10**9))  # touched, same content
    assert "(up to date)" in swiggen(*args, cwd=tmp_path).stdout


def test_rebuild_follows_included_headers_and_the_config(tmp_path: Path) -> None:
    (tmp_path / "inner.h").write_text("#pragma once\nstruct Inner { int a; };\n")
    (tmp_path / "outer.h").write_text(
        '#pragma once\n#include "inner.h"\n/// Twice.\ninline int twice(int x) { return 2 * x; }\n')
    (tmp_path / "swiggen.toml").write_text("[annotations]\n")
    args = ("build", "outer.h", "-m", "outer", "-o", "out", "--build-dir", "bld", "-O0",
            "--config", "swiggen.toml")
    assert swiggen(*args, cwd=tmp_path).returncode == 0
    assert "(up to date)" in swiggen(*args, cwd=tmp_path).stdout
    # an included header changes the parse's input (SWIG reads only outer.h)
    (tmp_path / "inner.h").write_text("#pragma once\nstruct Inner { int a; int b; };\n")
    changed = swiggen(*args, cwd=tmp_path)
    assert changed.returncode == 0 and "(up to date)" not in changed.stdout
    assert "(up to date)" in swiggen(*args, cwd=tmp_path).stdout
    # so does the config: an annotation renames the function
    (tmp_path / "swiggen.toml").write_text('[annotations]\n"twice" = "rename(double_it)"\n')
    renamed = swiggen(*args, cwd=tmp_path)
    assert renamed.returncode == 0, renamed.stderr
    assert "def double_it" in (tmp_path / "out" / "outer.pyi").read_text()


def test_noop_rebuild_repeats_the_warnings(tmp_path: Path) -> None:
    (tmp_path / "w.h").write_text("#pragma once\ntemplate <class T> struct Box { T v; };\n"
                                  "inline int one() { return 1; }\n")
    args = ("build", "w.h", "-m", "w", "-o", "out", "--build-dir", "bld", "-O0")
    first = swiggen(*args, cwd=tmp_path)
    assert first.returncode == 0 and "SG303" in first.stderr
    again = swiggen(*args, cwd=tmp_path)
    assert "(up to date)" in again.stdout and again.stderr == first.stderr
    strict = swiggen(*args, "--strict", cwd=tmp_path)
    assert strict.returncode == 1 and "error SG303" in strict.stderr


def test_rebuild_follows_pyproject_symlinks_and_shadowing_headers(tmp_path: Path) -> None:
    """What the parse read besides the named files: ./pyproject.toml (read without --config),
    an include folder reached through a symlink, and a header that a new file earlier on the
    search path would shadow."""
    for name, kind in (("v1", "int"), ("v2", "double")):
        (tmp_path / name).mkdir()
        (tmp_path / name / "real.h").write_text(f"#pragma once\ntypedef {kind} Real;\n")
    (tmp_path / "early").mkdir()
    (tmp_path / "inc").symlink_to("v1")
    (tmp_path / "h.h").write_text('#pragma once\n#include "real.h"\n'
                                  "inline Real half(Real x) { return x / 2; }\n"
                                  "inline int one() { return 1; }\n")
    args = ("build", "h.h", "-m", "h", "-o", "out", "--build-dir", "bld", "-O0",
            "-I", "early", "-I", "inc")
    stub = tmp_path / "out" / "h.pyi"

    def build() -> str:
        proc = swiggen(*args, cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
        return stub.read_text()

    assert "def half(x: int) -> int" in build()
    assert "def half(x: int) -> int" in build()  # a no-op
    (tmp_path / "inc").unlink()
    (tmp_path / "inc").symlink_to("v2")  # the include folder now points elsewhere
    assert "def half(x: float) -> float" in build()
    (tmp_path / "early" / "real.h").write_text("#pragma once\ntypedef int Real;\n")  # shadows
    assert "def half(x: int) -> int" in build()
    (tmp_path / "pyproject.toml").write_text('[tool.swiggen.annotations]\n"one" = "ignore"\n')
    assert "def one" not in build()
