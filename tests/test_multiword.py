"""Builtin types spelled in several words (`unsigned char`, `long double`, `unsigned long long`)
as out- and in/out-parameters: each wrapper's temporary is value-initialised for any spelling
(outparams.swg's swiggen::zero; `unsigned char()` is no C++ expression)."""

from __future__ import annotations

import importlib
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

from conftest import REPO, swiggen

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def mw(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    work = tmp_path_factory.mktemp("multiword")
    shutil.copy(REPO / "tests" / "multiword" / "multiword.h", work)
    proc = swiggen("build", "multiword.h", "-m", "multiword", "-o", "out", "--strict",
                   cwd=work)
    assert proc.returncode == 0, proc.stderr[-3000:]
    sys.path.insert(0, str(work / "out"))
    try:
        return importlib.import_module("multiword")
    finally:
        sys.path.pop(0)


def test_out_parameters_of_multiword_types(mw: ModuleType) -> None:
    assert mw.get_byte() == 200
    assert mw.get_ld() == 2.5
    assert mw.get_ull() == 1 << 40
    assert mw.get_sc() == -5
    assert mw.bump(41) == 42
    assert mw.sum(2, 3) == 5
