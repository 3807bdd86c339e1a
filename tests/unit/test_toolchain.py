"""compile/toolchain.py: one description of the toolchain for the parse, SWIG and the compile."""

from __future__ import annotations

from pathlib import Path

import pytest

from swiggen.compile import toolchain
from swiggen.pipeline import swig_defines
from swiggen.specs import ModuleSpec


@pytest.mark.parametrize("flags, kept", [
    (["-O2", "-g", "-Wall"], []),
    (["-DFOO=1", "-UBAR", "-D", "BAZ"], ["-DFOO=1", "-UBAR", "-D", "BAZ"]),
    (["-I", "inc", "-Iother", "-isystem", "/opt/x", "-include", "pre.h"],
     ["-I", "inc", "-Iother", "-isystem", "/opt/x", "-include", "pre.h"]),
    (["-mavx2", "-march=native", "-mtune=generic"], ["-mavx2", "-march=native"]),
    (["-fno-exceptions", "-fPIC", "-fvisibility=hidden", "-fsanitize=address", "-fno-rtti"],
     ["-fno-exceptions", "-fno-rtti"]),
    (["-std=c++20", "-O0"], ["-std=c++20"]),
])
def test_preprocessor_flags_keep_what_changes_declarations(flags: list[str],
                                                           kept: list[str]) -> None:
    assert list(toolchain.preprocessor_flags(flags)) == kept


def test_the_compile_defines_reach_swig_and_minus_u_wins() -> None:
    spec = ModuleSpec("m", ("x.h",), defines=("A=1",), cflags=("-DB", "-UNDEBUG"))
    assert swig_defines(spec) == ("A=1", "B")
    assert swig_defines(ModuleSpec("m", ("x.h",))) == toolchain.COMPILE_DEFINES


def _resource(root: Path, version: str) -> Path:
    d = root / version
    (d / "include").mkdir(parents=True)
    (d / "include" / "stddef.h").write_text("")
    return d


def test_resource_dir_nearest_libclangs_version(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    for v in ("14", "16", "19"):
        _resource(tmp_path, v)
    (tmp_path / "12").mkdir()  # no builtin headers: not a resource folder
    monkeypatch.delenv("SWIGGEN_CLANG_RESOURCE_DIR", raising=False)
    monkeypatch.setattr(toolchain, "_RESOURCE_GLOBS", (str(tmp_path / "*"),))
    toolchain.clang_resource_dir.cache_clear()
    try:
        assert toolchain.clang_resource_dir() == str(tmp_path / "16")  # older than 18 first
        _resource(tmp_path, "18")
        toolchain.clang_resource_dir.cache_clear()
        assert toolchain.clang_resource_dir() == str(tmp_path / "18")
        monkeypatch.setenv("SWIGGEN_CLANG_RESOURCE_DIR", str(tmp_path / "14"))
        toolchain.clang_resource_dir.cache_clear()
        assert toolchain.clang_resource_dir() == str(tmp_path / "14")
    finally:
        toolchain.clang_resource_dir.cache_clear()


def test_the_parse_replaces_the_compilers_builtin_headers(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    res = _resource(tmp_path, "18")
    c = toolchain.Compiler(("c++",))
    monkeypatch.setattr(toolchain, "system_include_dirs", lambda _c: ("/a", "/gcc/include", "/b"))
    monkeypatch.setattr(toolchain, "compiler_builtin_dir", lambda _c: "/gcc/include")
    monkeypatch.setattr(toolchain, "clang_resource_dir", lambda: str(res))
    dirs, resource = toolchain.parse_system_dirs(c)
    assert dirs == ("/a", str(res / "include"), "/b") and resource == str(res)
    monkeypatch.setattr(toolchain, "clang_resource_dir", lambda: "")
    assert toolchain.parse_system_dirs(c) == (("/a", "/gcc/include", "/b"), "")
