"""The unit tests' frozen SWIG snippets (test_rewrites.py, test_fastcall.py, test_freelists.py)
are what the installed SWIG writes: each snippet's lines appear, in order, in the function of
the same name in SWIG's own wrapper of a small header (run through `swiggen generate` and the
installed SWIG, as a build runs it; nothing is compiled). A SWIG release that writes another
shape fails here, naming the snippet's first line SWIG no longer writes, instead of the
post-processing tests passing on text no SWIG writes any more."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import test_fastcall as F
import test_freelists as L
import test_rewrites as R
from conftest import swiggen
from swiggen.render.interface import interface_dirs
from swiggen.swig.run import SWIG_FLAGS
from swiggen.compile.toolchain import swig_executable

pytestmark = pytest.mark.compile  # runs SWIG

#: the header the snippets come from (own::Node with a keyword constructor: test_fastcall)
KEYWORDS = """\
#pragma once
namespace own {
class Node {
public:
    explicit Node(int value = 0) : value_(value) {}
    int value_;
};
}  // namespace own
int add(int a, int b);
int one(int a);
double half(double x);
long wide(long x);
char letter(char c);
class Counter {
public:
    void bump(int by, int times = 1);
};
int pick(int x);
int pick(double x, int y);
class Point {
public:
    Point(double x, double y = 0.0);
};
"""

#: own::Node with overloaded constructors (test_freelists)
OVERLOADS = """\
#pragma once
namespace own {
class Node {
public:
    explicit Node(int value) : value_(value) {}
    Node(int a, int b) : value_(a + b) {}
    int value_;
};
}  // namespace own
"""


def _swig_text(root: Path, name: str, header: str) -> list[str]:
    """SWIG's wrapper (before any post-processing) of `header`, as module `name`."""
    folder = root / name
    folder.mkdir()
    (folder / f"{name}.h").write_text(header)
    proc = swiggen("generate", f"{name}.h", "-m", name, "-o", ".", cwd=folder)
    assert proc.returncode == 0, proc.stderr
    swig, env = swig_executable()
    run = subprocess.run([swig, *SWIG_FLAGS, *(f"-I{d}" for d in interface_dirs()), "-I.", "-o",
                          f"{name}_wrap.cxx", f"{name}.i"], cwd=folder, env=env,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    return (folder / f"{name}_wrap.cxx").read_text().splitlines()


@pytest.fixture(scope="module")
def wrappers(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    root = tmp_path_factory.mktemp("fixtures")
    return {"keywords": _swig_text(root, "fxkw", KEYWORDS),
            "overloads": _swig_text(root, "fxov", OVERLOADS)}


def _definitions(snippet: str) -> list[list[str]]:
    """A snippet's top-level definitions (functions, macros, lines such as a closure's), each as
    its non-blank lines: a definition ends at a `}` line of its own."""
    out: list[list[str]] = [[]]
    for line in snippet.splitlines():
        if not line.strip():
            continue
        if out[-1] and out[-1][-1] == "}" and line[0] not in " \t}":
            out.append([])
        out[-1].append(line)
    return [d for d in out if d]


def _first_missing(lines: list[str], definition: list[str]) -> str | None:
    """None if SWIG's `lines` hold `definition`'s lines in order, from where SWIG writes its
    first line (and, for `SWIGINTERN int` on a line of its own, its second) up to SWIG's next
    function; else the first of its lines SWIG does not write there."""
    head = definition[:2] if definition[0] == "SWIGINTERN int" else definition[:1]
    starts = [i for i in range(len(lines)) if lines[i:i + len(head)] == head]
    if not starts:
        return definition[0]
    worst = ""
    for start in starts:
        k, i = len(head), start + len(head)
        while i < len(lines) and k < len(definition):
            if lines[i] == definition[k]:
                k += 1
            elif lines[i].startswith("SWIGINTERN"):
                break  # SWIG's next function
            i += 1
        if k == len(definition):
            return None
        worst = definition[k]
    return worst


SNIPPETS = {
    "test_rewrites.KEYWORDS": ("keywords", R.KEYWORDS.format(name="one", fmt="O")),
    "test_rewrites.CLOSURE": ("keywords", R.CLOSURE),
    "test_fastcall.ADD": ("keywords", F.ADD),
    "test_fastcall.BUMP": ("keywords", F.BUMP),
    "test_fastcall.PICK": ("keywords", F.PICK),
    "test_fastcall.NEW_POINT": ("keywords", F.NEW_POINT),
    "test_fastcall.NEW_NODE": ("keywords", F.NEW_NODE),
    "test_fastcall.DELETE_NODE": ("keywords", F.DELETE_NODE),
    "test_freelists.NEW_NODE": ("overloads", L.NEW_NODE),
    "test_freelists.DELETE_NODE": ("keywords", L.DELETE_NODE),
    "test_freelists.CLOSURE": ("keywords", L.CLOSURE),
    "test_freelists.AS_DOUBLE": ("keywords", L.AS_DOUBLE),
    "test_freelists.AS_LONG_INT": ("keywords", L.AS_LONG_INT),
}


@pytest.mark.parametrize("name", sorted(SNIPPETS))
def test_snippet_is_what_the_installed_swig_writes(name: str,
                                                   wrappers: dict[str, list[str]]) -> None:
    which, snippet = SNIPPETS[name]
    for definition in _definitions(snippet):
        missing = _first_missing(wrappers[which], definition)
        assert missing is None, (f"{name}: the installed SWIG does not write {missing!r} in "
                                 f"{definition[0]!r}: update the snippet to SWIG's text (and the "
                                 "rewrite, if its shape changed)")


def test_a_snippet_swig_does_not_write_is_caught(wrappers: dict[str, list[str]]) -> None:
    changed = F.ADD.replace("SWIG_AsVal_int(obj0", "SWIG_AsVal_long(obj0")
    [definition] = _definitions(changed)
    assert _first_missing(wrappers["keywords"], definition) == \
        "  ecode1 = SWIG_AsVal_long(obj0, &val1);"
