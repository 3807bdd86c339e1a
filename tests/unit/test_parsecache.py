"""parsecache: a header's parse is served from the build folder while the header and everything
it includes are unchanged; an edit to either parses again; a served parse equals a fresh one; a
parse with errors is not kept."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swiggen.parse import header, parsecache
from swiggen.diagnostics import Diagnostics
from swiggen.parse.header import ParseOptions


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The headers libclang parsed."""
    seen: list[str] = []
    real = header.parse_header

    def counting(path: str, options: ParseOptions, diags: Diagnostics):  # type: ignore[no-untyped-def]
        seen.append(os.path.basename(path))
        return real(path, options, diags)

    monkeypatch.setattr(parsecache, "parse_header", counting)
    return seen


def _parse(header: Path, cache: Path) -> tuple[list[str], list[str]]:
    """The function names and the diagnostics of one (cached) parse; its entry saved."""
    diags = Diagnostics()
    found, entry = parsecache.parse(str(header), ParseOptions(include_dirs=(str(header.parent),)),
                                    diags, cache)
    parsecache.save([entry] if entry else [])
    assert found is not None
    return [f.name for f in found.functions], [str(d) for d in diags.items]


def test_an_unchanged_header_is_not_parsed_again(tmp_path: Path, calls: list[str]) -> None:
    (tmp_path / "dep.h").write_text("#pragma once\nnamespace pcd { struct Dep { int v; }; }\n")
    header = tmp_path / "pcx.h"
    header.write_text('#pragma once\n#include "dep.h"\nnamespace pcx {\nint one(int x);\n'
                      "int clash(pcd::Dep d);\n}\n")
    cache = tmp_path / "bld" / parsecache.FOLDER
    first = _parse(header, cache)
    assert calls == ["pcx.h"] and first[0] == ["one", "clash"]
    assert _parse(header, cache) == first and calls == ["pcx.h"]  # served

    header.write_text(header.read_text().replace("int one(int x);", "int one(int x);\nint two();"))
    assert _parse(header, cache)[0] == ["one", "two", "clash"] and len(calls) == 2
    assert _parse(header, cache)[0] == ["one", "two", "clash"] and len(calls) == 2
    assert len(list(cache.iterdir())) == 1  # the header's new entry replaced its old one

    # an included header's edit: parsed again (the same size and mtime would not hide it)
    dep = tmp_path / "dep.h"
    stat = dep.stat()
    dep.write_text(dep.read_text().replace("int v;", "int w;"))
    os.utime(dep, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    _parse(header, cache)
    assert len(calls) == 3


def test_a_served_parse_is_the_parse_and_failed_parses_are_not_kept(
        tmp_path: Path, calls: list[str]) -> None:
    header = tmp_path / "pcw.h"
    header.write_text("#pragma once\nnamespace pcw {\nunion U { int i; float f; };\n"
                      "/// Doubles.\nint twice(int x);\n}\n")
    cache = tmp_path / "cache"
    options = ParseOptions()
    fresh, entry = parsecache.parse(str(header), options, Diagnostics(), cache)
    parsecache.save([entry] if entry else [])
    served, again = parsecache.parse(str(header), options, Diagnostics(), cache)
    assert len(calls) == 1 and again is None
    assert served == fresh and [s.what for s in served.skipped] == ["union"]  # type: ignore[union-attr]

    bad = tmp_path / "pcb.h"
    bad.write_text("#pragma once\nint broken(;\n")
    for _ in range(2):
        diags = Diagnostics()
        found, entry = parsecache.parse(str(bad), options, diags, cache)
        assert found is None and entry is None and diags.errors
    # a header whose annotation is an error parses, and is not kept either
    header.write_text("#pragma once\nnamespace pcw {\n/// @swiggen: nogil\n}\nint f(int);\n")
    for _ in range(2):
        diags = Diagnostics()
        found, entry = parsecache.parse(str(header), options, diags, cache)
        assert entry is None and [d.code for d in diags.errors] == ["SG206"]
    assert len(calls) == 5
