"""parse/umbrella.py: which headers an umbrella stands for, and the pattern SG104 suggests."""

from __future__ import annotations

import os
from pathlib import Path

from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions, parse_header
from swiggen.parse.umbrella import glob_hint


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _includes(header: Path, system_dirs: tuple[str, ...] = ()) -> list[str]:
    diags = Diagnostics()
    # (a system folder is on the include path, as /usr/include is)
    options = ParseOptions(include_dirs=system_dirs, system_dirs=system_dirs)
    parsed = parse_header(str(header), options, diags)
    assert parsed is not None, [str(d) for d in diags.items]
    return [os.path.relpath(p, header.parent) for p in parsed.library_includes]


def test_an_umbrella_in_a_system_folder_owns_only_its_subfolders(tmp_path: Path) -> None:
    """/usr/include/lib.h: <stdio.h> beside it and <sys/types.h> below it are the C library's,
    lib/part.h its own."""
    root = tmp_path / "include"
    _write(root, {
        "lib.h": '#include "stdish.h"\n#include "sys/typesish.h"\n#include "lib/part.h"\n'
                 '#include "lib/more.h"\n',
        "stdish.h": "typedef int std_int;\n",
        "sys/typesish.h": "typedef long sys_long;\n",
        "lib/part.h": "struct Part { int n; };\n",
        "lib/more.h": "struct More { int n; };\n",
    })
    assert _includes(root / "lib.h", (str(root),)) == ["lib/part.h", "lib/more.h"]
    # in a folder of its own, everything from that folder or below is the library's
    assert _includes(root / "lib.h", ()) == ["stdish.h", "sys/typesish.h", "lib/part.h",
                                         "lib/more.h"]


def test_the_suggested_pattern_has_the_librarys_extension() -> None:
    assert glob_hint("inc", ["geo/a.hpp", "geo/b.hpp", "geo/c.h"]) == "inc/geo/*.hpp"
    assert glob_hint("", ["parts/a.hh", "parts/sub/b.hh"]) == "parts/*.hh"
    assert glob_hint("/usr/include", ["glibish/a.h"]) == "/usr/include/glibish/*.h"
    # headers without an extension (Eigen's Core, Dense): named, not globbed
    assert glob_hint("Eigen", ["Core", "LU"]) == "Eigen/Core Eigen/LU"
