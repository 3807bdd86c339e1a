"""Two swiggen modules sharing a type: `shapes` uses geom's Point (--import geom.i)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CASES, swiggen

pytestmark = pytest.mark.compile

CASE = CASES / "shared"


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("shared") / "out"
    first = swiggen("build", "geom.h", "-m", "geom", "-o", str(out), "--build-dir",
                    str(out.parent / "b-geom"), "-O0", cwd=CASE)
    assert first.returncode == 0, first.stderr
    second = swiggen("build", "shapes.h", "--sources", "shapes.cpp", "-m", "shapes", "--import",
                     str(out / "geom.i"), "-o", str(out), "--build-dir",
                     str(out.parent / "b-shapes"), "-O0", cwd=CASE)
    assert second.returncode == 0, second.stderr
    return out


def run(out: Path, code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", code], cwd=out, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_objects_cross_between_modules(out: Path) -> None:
    assert run(out, "import geom, shapes; print(shapes.norm2(geom.Point(x=3, y=4)))") == "25.0"
    assert run(out, "import shapes, geom; print(type(shapes.origin()) is geom.Point)") == "True"


def test_fields_of_the_other_modules_type(out: Path) -> None:
    code = ("import geom, shapes\n"
            "s = shapes.Segment()\n"
            "s.b = geom.Point(x=1, y=1)\n"
            "s.a.x = -2.0\n"
            "print(shapes.length2(s), type(s.a).__name__)")
    assert run(out, code) == "10.0 Point"


def test_point_is_wrapped_once(out: Path) -> None:
    assert run(out, "import shapes; print(hasattr(shapes, 'Point'))") == "False"
    assert "%import \"geom.i\"" in (out / "shapes.i").read_text()
    assert "#define SWIG_TYPE_TABLE swiggen_geom" in (out / "shapes.i").read_text()


def test_missing_import_is_a_located_error(tmp_path: Path) -> None:
    proc = swiggen("generate", "shapes.h", "-m", "shapes", "--import", "nope/geom.i", "-o",
                   str(tmp_path / "o"), cwd=CASE)
    assert proc.returncode == 1
    assert proc.stderr.startswith("nope/geom.i: error SG101: imported interface")
    assert not (tmp_path / "o").exists()


LIB = """\
#pragma once
#include <vector>
namespace lib {
enum class Color { Red, Green };
class P {  // swiggen: implicit
public:
    P() = default;
    explicit P(long long v) : v_(v) {}
    long long get() const { return v_; }
private:
    long long v_ = 0;
};
inline long long total(const std::vector<P>& ps) { return (long long)ps.size(); }
inline int code(Color c) { return (int)c; }
}
"""

USER = """\
#pragma once
#include "lib.h"
namespace user {
enum class Shape { Circle, Square };
inline Shape square() { return Shape::Square; }
inline lib::Color same(lib::Color c) { return c; }
inline long long twice(const lib::P& p) { return 2 * p.get(); }
inline long long count(const std::vector<lib::P>& ps) { return (long long)ps.size(); }
}
"""


def test_enums_and_implicit_classes_of_an_imported_module(tmp_path: Path) -> None:
    """The importing module has enums of its own and uses the imported module's enum and
    `implicit` class: each module keeps its own enum table (the imported enum comes back as an
    int), and the imported class converts in the importing module as in its own."""
    (tmp_path / "lib.h").write_text(LIB)
    (tmp_path / "user.h").write_text(USER)
    for args in (("lib.h", "-m", "lib"), ("user.h", "-m", "user", "--import", "out/lib.i")):
        proc = swiggen("build", *args, "-o", "out", "--build-dir", f"b-{args[2]}", "-O0",
                       cwd=tmp_path)
        assert proc.returncode == 0, proc.stderr
    code = ("import lib, user; print(repr(user.square()), user.same(lib.Color.Green), "
            "user.twice(5), user.count([1, lib.P(2)]), lib.code(lib.Color.Green))")
    assert run(tmp_path / "out", code) == "<Shape.Square: 1> 1 10 2 1"
