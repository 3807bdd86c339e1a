"""--pkg-config and a project's `pkg-config = [...]`: an installed library's flags from its .pc
file (generator/swiggen/pkgconfig.py), with no hand-written -I/-l."""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import swiggen
from swiggen import pkgconfig
from swiggen.diagnostics import SwiggenError

TOOL = shutil.which("pkg-config") or shutil.which("pkgconf")
needs_tool = pytest.mark.skipif(TOOL is None, reason="pkg-config is not installed")
CJSON = Path("/usr/include/cjson/cJSON.h")


def _has(package: str) -> bool:
    return TOOL is not None and subprocess.run([TOOL, "--exists", package]).returncode == 0


@needs_tool
def test_flags_are_sorted_into_what_each_stage_takes(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "fake.pc").write_text(
        "Name: fake\nDescription: a test package\nVersion: 1.0\n"
        "Cflags: -I/opt/fake/include -DFAKE_API=1 -DFAKE_ON -pthread\n"
        "Libs: -L/opt/fake/lib -lfake -lm -Wl,--as-needed\n")
    monkeypatch.setenv("PKG_CONFIG_PATH", str(tmp_path))
    monkeypatch.setenv("PKG_CONFIG_ALLOW_SYSTEM_CFLAGS", "1")
    pkgconfig._flags.cache_clear()
    f = pkgconfig.flags(["fake"])
    assert f.include_dirs == ("/opt/fake/include",)
    assert f.defines == ("FAKE_API=1", "FAKE_ON")
    assert f.compile_args == ("-pthread",)
    assert f.libraries == ("fake", "m") and f.library_dirs == ("/opt/fake/lib",)
    assert f.link_args == ("-Wl,--as-needed",)
    assert pkgconfig.flags([]) == pkgconfig.PkgFlags()


@needs_tool
def test_an_unknown_package_is_a_located_error(tmp_path: Path) -> None:
    with pytest.raises(SwiggenError) as e:
        pkgconfig.flags(["swiggen-no-such-package"])
    assert [d.code for d in e.value.diagnostics.items] == ["SG105"]
    assert "swiggen-no-such-package" in str(e.value)
    (tmp_path / "x.h").write_text("int f();\n")
    proc = swiggen("build", "x.h", "-m", "x", "-o", "out", "--pkg-config",
                   "swiggen-no-such-package", cwd=tmp_path)
    assert proc.returncode == 1
    assert "--pkg-config: error SG105: pkg-config knows no package 'swiggen-no-such-package'" \
        in proc.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


@pytest.mark.compile
@pytest.mark.skipif(not CJSON.exists() or not _has("libcjson"),
                    reason="needs libcjson-dev and pkg-config")
@pytest.mark.parametrize("route", ["cli", "project"])
def test_an_installed_library_builds_with_no_hand_written_flags(tmp_path: Path,
                                                                 route: str) -> None:
    # cJSON's header sits in /usr/include/cjson, which only its .pc file names (-I), and its
    # library is -lcjson: without the flags the module does not import
    module = f"cj_{route}"
    if route == "cli":
        proc = swiggen("build", str(CJSON), "-m", module, "-o", "out", "--pkg-config",
                       "libcjson", cwd=tmp_path)
    else:
        (tmp_path / "pyproject.toml").write_text(
            f'[[tool.swiggen.modules]]\nname = "{module}"\nheaders = ["{CJSON}"]\n'
            'pkg-config = ["libcjson"]\n')
        proc = swiggen("build", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        cj = importlib.import_module(module)
    finally:
        sys.path.pop(0)
    item = cj.cJSON_Parse('{"a": [1, 2]}')
    assert cj.cJSON_GetArraySize(cj.cJSON_GetObjectItem(item, "a")) == 2
    assert cj.cJSON_Version().count(".") == 2
    assert os.path.exists(cj.__file__)


@pytest.mark.compile
@pytest.mark.skipif(not CJSON.exists() or not _has("libcjson"),
                    reason="needs libcjson-dev and pkg-config")
def test_an_unlinked_installed_library_is_told_its_package(tmp_path: Path) -> None:
    proc = swiggen("build", str(CJSON), "-m", "cj_bare", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 1
    assert "error SG410" in proc.stderr
    assert "build with --pkg-config libcjson (the library's flags)" in proc.stderr
    assert pkgconfig.package_for([str(tmp_path / "mine.h")]) == ""  # a project's own header
