"""A typedef of the wrapped library's own header that SWIG does not read is passed on to SWIG,
also where the library's headers sit directly in a system include directory (muParser's
`/usr/include/muParserDef.h`, included with quotes): libclang parse only, no compiler."""

from __future__ import annotations

from pathlib import Path

from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions, parse_header


def _write(folder: Path) -> Path:
    (folder / "libdef.h").write_text(
        "#pragma once\n"
        "namespace lib { typedef double real_type; enum Mode { fast, exact };\n"
        "typedef Mode mode_type; }\n")
    (folder / "libstd.h").write_text("#pragma once\nnamespace lib { typedef int count_type; }\n")
    main = folder / "libmain.h"
    main.write_text('#pragma once\n#include "libdef.h"\n#include <libstd.h>\n'
                    "namespace lib { real_type hello(mode_type m, count_type n); }\n")
    return main


def test_quoted_sibling_in_a_system_dir_is_the_librarys(tmp_path: Path) -> None:
    main = _write(tmp_path)
    options = ParseOptions(system_dirs=(str(tmp_path),), wrapped=(str(main),))
    header = parse_header(str(main), options, Diagnostics())
    assert header is not None
    names = {a.qualname for a in header.foreign_aliases}
    # libdef.h, included with quotes, is the library's; libstd.h (<>) is another library's
    assert names == {"lib::real_type", "lib::mode_type"}
