"""parse._macros: which macros from unwrapped headers are passed on to SWIG."""

from __future__ import annotations

from pathlib import Path

from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions, parse_header


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def _macros(header: Path, **options: tuple[str, ...]) -> dict[str, str]:
    diags = Diagnostics()
    parsed = parse_header(str(header), ParseOptions(**options), diags)
    assert parsed is not None, [str(d) for d in diags.items]
    return {m.name: m.body for m in parsed.macros}


def test_system_directories_keep_only_the_librarys_own_macros(tmp_path: Path) -> None:
    """Under a system include directory (like /usr/include): a macro from the wrapped header's
    own folder, or from a header included with quotes, is the library's; one from a header
    included with <> (the standard library's way) is left to the compiler."""
    sysdir = tmp_path / "sys"
    _write(sysdir, {
        "zlibish.h": '#include "zconfish.h"\n#include <stdish.h>\n#include "lib/export.h"\n'
                     "ZEXPORT int compress(int level = STD_LEVEL) LIB_NOEXCEPT;\n",
        "zconfish.h": "#define ZEXPORT\n",
        "stdish.h": "#define STD_LEVEL 6\n",
        "lib/export.h": "#define LIB_NOEXCEPT noexcept\n",
        "lib/lib.h": "#include <lib/export.h>\n#include <stdish.h>\n"
                     "int f(int x = STD_LEVEL) LIB_NOEXCEPT;\n",
    })
    opts = {"system_dirs": (str(sysdir),)}
    assert _macros(sysdir / "zlibish.h", **opts) == {"ZEXPORT": "", "LIB_NOEXCEPT": "noexcept"}
    # lib/export.h is in the same top folder (lib/) as the wrapped lib/lib.h
    assert _macros(sysdir / "lib" / "lib.h", **opts) == {"LIB_NOEXCEPT": "noexcept"}


def test_macros_of_wrapped_headers_and_closure(tmp_path: Path) -> None:
    _write(tmp_path, {
        "api.h": "#define API_BASE 2\n#define API_SCALE (API_BASE * 3)\n#define API_OWN 1\n",
        "own.h": "#define OWN_VALUE 4\n",
        "a.h": '#include "api.h"\n#include "own.h"\nint f(int x = API_SCALE, int y = OWN_VALUE);\n',
    })
    found = _macros(tmp_path / "a.h", wrapped=(str(tmp_path / "own.h"),))
    # own.h is wrapped (SWIG reads it); API_SCALE's body brings API_BASE along; API_OWN unused
    assert found == {"API_BASE": "2", "API_SCALE": "(API_BASE * 3)"}
