"""Templates SWIG only reads, in the declaration view (render/view.py): their conditions are
spelled as SWIG's parser takes them (declarators.greater_not_less), and a declaration no
spelling makes readable is left out of the view (leaveout.trace_swig_view), not the build
failed. tests/templates_view/conditions.h holds the shapes (CLI11's TypeTools.hpp)."""

from __future__ import annotations

import importlib
import re
import shutil
import sys
from pathlib import Path

import pytest

from conftest import REPO, swiggen

pytestmark = pytest.mark.compile

HEADER = REPO / "tests" / "templates_view" / "conditions.h"


def test_conditions_in_template_declarations_build(tmp_path: Path) -> None:
    shutil.copy(HEADER, tmp_path)
    proc = swiggen("build", "conditions.h", "-m", "conditions", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-4000:]
    # only the chained comparison is left out, at its line, of the view
    left = re.findall(r"^conditions\.h:(\d+): warning SG420: '([^']*)'", proc.stderr, re.M)
    line = next(i for i, text in enumerate(HEADER.read_text().splitlines(), 1)
                if "chained()" in text)
    assert left == [(str(line), "tc::chained()")], proc.stderr
    view = (tmp_path / "out" / "conditions.decls" / "conditions.h").read_text()
    assert "chained" not in view
    assert "(Count<T>::value > I)" in view and " < " not in view.replace("template <", "")
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        mod = importlib.import_module("conditions")
    finally:
        sys.path.pop(0)
    assert mod.first_slot() == 0 and mod.inside() == 5 and mod.same_ints() is True
