"""Compiler launchers in CXX: `CXX="ccache g++"` compiles through ccache, so a second clean build
of the same module (a new build folder at the same place: CI, a fresh checkout) is served from
the cache (and no precompiled prelude is built: ccache hashes the text). Skipped where ccache is
not installed (.ci/run installs it)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import swiggen

pytestmark = pytest.mark.compile

HEADER = """\
#pragma once
namespace lc {
/// x + 1.
inline int inc(int x) { return x + 1; }
struct Box { int v = 0; int get() const { return v; } };
}
"""


def _stats(env: dict[str, str]) -> dict[str, int]:
    proc = subprocess.run(["ccache", "--print-stats"], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = {}
    for line in proc.stdout.splitlines():
        key, _, value = line.partition("\t")
        if value.strip().isdigit():
            out[key] = int(value)
    return out


@pytest.mark.skipif(shutil.which("ccache") is None, reason="ccache is not installed")
def test_second_clean_build_is_served_from_ccache(tmp_path: Path) -> None:
    (tmp_path / "lc.h").write_text(HEADER)
    (tmp_path / "extra.cpp").write_text('#include "lc.h"\nint lc_extra() { return 1; }\n')
    compiler = os.environ.get("CXX") or shutil.which("g++") or "c++"
    env = {**os.environ, "CXX": f"ccache {compiler}", "CCACHE_DIR": str(tmp_path / "cache")}
    args = ("build", "lc.h", "--sources", "extra.cpp", "-m", "lc", "-o", "out",
            "--build-dir", "bld", "-O0", "--units", "4")  # 4 wrapper units and a source
    first = swiggen(*args, cwd=tmp_path, env=env)
    assert first.returncode == 0, first.stderr
    assert "5 compiled" in first.stdout
    # enough units for a precompiled prelude, but ccache could not see it: none (pch.py)
    assert not list((tmp_path / "bld").glob("*.gch"))
    before = _stats(env)

    shutil.rmtree(tmp_path / "bld")
    shutil.rmtree(tmp_path / "out")
    second = swiggen(*args, cwd=tmp_path, env=env)
    assert second.returncode == 0, second.stderr
    assert "swig ran, 5 compiled, linked" in second.stdout  # swiggen's stamps were gone ...
    after = _stats(env)
    hits = sum(after.get(k, 0) - before.get(k, 0)
               for k in ("direct_cache_hit", "preprocessed_cache_hit"))
    misses = after.get("cache_miss", 0) - before.get("cache_miss", 0)
    assert (hits, misses) == (5, 0), (before, after)  # ... ccache served every object

    probe = "import sys; sys.path.insert(0, 'out'); import lc; print(lc.inc(2), lc.Box().get())"
    run = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True,
                         text=True)
    assert run.stdout.split() == ["3", "0"], run.stderr
