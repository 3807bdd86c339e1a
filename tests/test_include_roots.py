"""A wrapped header installed in a system include folder (`/usr/include/flatbuffers/`) may ship
files named like the C library's (flatbuffers' `string.h`): its own folder is searched for the
wrapper's `#include "x.h"` only (-iquote), so `<string.h>` stays the C library's
(pipeline._quote_dirs)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import swiggen

pytestmark = pytest.mark.compile


def test_a_library_header_named_like_a_c_header_does_not_shadow_it(tmp_path: Path) -> None:
    root = tmp_path / "sysinc"
    lib = root / "mylib"
    lib.mkdir(parents=True)
    (lib / "string.h").write_text('#error "mylib/string.h is not <string.h>"\n')
    (lib / "mylib.h").write_text(
        "#pragma once\n#include <cstring>\n#include <string>\n"
        "namespace mylib { inline int len(const char *s) { return (int)std::strlen(s); } }\n")
    # the compiler's own search list takes CPLUS_INCLUDE_PATH as a system folder, as /usr/include
    env = {**os.environ, "CPLUS_INCLUDE_PATH": str(root)}
    proc = swiggen("build", str(lib / "mylib.h"), "-m", "mylib", "-o", "out", cwd=tmp_path,
                   env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    run = subprocess.run([sys.executable, "-c", "import mylib; assert mylib.len('abc') == 3"],
                         cwd=tmp_path / "out", capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
