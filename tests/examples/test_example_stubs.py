"""The examples' stubs match their modules: `python -m mypy.stubtest` on every example module,
with the allowlist of the case modules' test (tests/cases/test_stubtest.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from example_build import EXAMPLE_LIBS, REPO, load_example

sys.path.insert(0, str(REPO / "tests" / "cases"))
from test_stubtest import stubtest  # noqa: E402

pytestmark = pytest.mark.compile


#: examples whose stub mypy rejects, with the kind of stub defect left (the test fails when they
#: pass, so this list shrinks as each is fixed)
KNOWN: dict[str, str] = {}


@pytest.mark.parametrize("example", [
    pytest.param(e, marks=pytest.mark.xfail(reason=KNOWN[e], strict=True)) if e in KNOWN else e
    for e in sorted(EXAMPLE_LIBS)])
def test_example_stub_matches_its_module(example: str, build_root: Path,
                                         tmp_path: Path) -> None:
    module, _ = load_example(example, build_root)
    proc = stubtest(module, tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
