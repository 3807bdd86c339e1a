"""swiggen's CMake package (generator/swiggen/cmake/, docs/cmake.md) and `swiggen wrap`.

examples/cmake (a static library and its bindings: `swiggen_add_module(shapes HEADERS
include/geometry/shapes.h LINK geometry)`) is copied to a temporary folder, configured with plain
CMake (`swiggen_DIR` from `python -m swiggen --cmake-dir`), built, imported and called; then its
headers are edited and the build must pick the edits up: a header the wrapped one includes
(through swiggen's depfile) and the wrapped one itself. A bad annotation fails the build with
swiggen's located error. `swiggen wrap` alone hands over sources a compiler run by hand (or Meson,
examples/cmake/meson.build) turns into a working module. Last, `pip install` of the example
through scikit-build-core, in a fresh virtual environment, with build isolation and no package
index (swiggen from a wheel of this checkout).
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, swiggen

CMAKE = shutil.which("cmake")
pytestmark = [pytest.mark.compile,
              pytest.mark.skipif(CMAKE is None, reason="cmake is not installed "
                                 "(apt-get install cmake)")]

EXAMPLE = REPO / "examples" / "cmake"
GENERATORS = ["Unix Makefiles", *(["Ninja"] if shutil.which("ninja") else [])]
WRAPPING = "swiggen: wrapping shapes"  # the custom command's comment, when it runs

CHECK = """
import shapes
assert shapes.Circle(2.0).radius() == 2.0
assert abs(shapes.Circle(1.0).area() - 3.141592653589793) < 1e-12
assert shapes.Rect(2.0, 3.0).area() == 6.0
assert shapes.total_square_area([1.0, 2.0]) == 5.0
assert shapes.Rect(1.0, 1.0).name() == "rect"
try:
    shapes.Circle(-1.0)
except ValueError as e:
    assert "negative radius" in str(e)
else:
    raise AssertionError("no ValueError")
try:
    shapes.Circle("x")
except TypeError as e:
    assert "'r'" in str(e) and "str" in str(e), e
else:
    raise AssertionError("no TypeError")
print(shapes.scale(), shapes.__file__)
"""


def run(cmd: list[str], cwd: Path | None = None, check: bool = True,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(cmd, check=False, cwd=cwd, capture_output=True, text=True, timeout=900,
                          env={**os.environ, **(env or {})})
    if check and proc.returncode != 0:
        pytest.fail(f"{' '.join(cmd)} failed ({proc.returncode}):\n{proc.stdout[-4000:]}\n"
                    f"{proc.stderr[-4000:]}")
    return proc


def cmake_dir() -> str:
    proc = swiggen("--cmake-dir")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def copy_example(dest: Path) -> Path:
    shutil.copytree(EXAMPLE, dest, ignore=shutil.ignore_patterns("build", "__pycache__"))
    return dest


def configure(source: Path, build: Path, generator: str, *defs: str,
              cmake: str | None = None) -> None:
    run([cmake or str(CMAKE), "-S", str(source), "-B", str(build), "-G", generator,
         f"-DPython_EXECUTABLE={sys.executable}", *defs])


def build(build: Path, check: bool = True) -> subprocess.CompletedProcess[str]:
    return run([str(CMAKE), "--build", str(build)], check=check)


def call(build: Path, code: str) -> str:
    """Run `code` in a fresh Python that imports from the build folder."""
    return run([sys.executable, "-c", code], cwd=build).stdout


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_cmake_dir_holds_the_package() -> None:
    folder = Path(cmake_dir())
    assert (folder / "swiggenConfig.cmake").is_file()
    assert (folder / "swiggenConfigVersion.cmake").is_file()


@pytest.mark.parametrize("generator", GENERATORS)
def test_plain_cmake_builds_the_example_and_rebuilds_on_header_edits(
        tmp_path: Path, generator: str) -> None:
    project = copy_example(tmp_path / "project")
    shapes_h = project / "include" / "geometry" / "shapes.h"
    units_h = project / "include" / "geometry" / "units.h"
    # a declaration only a macro of the included units.h turns on
    edit(shapes_h, "}  // namespace geometry",
         "#ifdef GEOMETRY_EXTRA\ninline int extra() { return 7; }\n#endif\n"
         "}  // namespace geometry")
    out = tmp_path / "build"
    configure(project, out, generator, f"-Dswiggen_DIR={cmake_dir()}")
    first = build(out)
    assert WRAPPING in first.stdout
    printed = call(out, CHECK)
    assert printed.startswith("1.0 ") and str(out) in printed
    assert (out / "shapes.pyi").is_file() and "class Circle" in (out / "shapes.pyi").read_text()
    assert call(out, "import shapes; print(hasattr(shapes, 'extra'))").strip() == "False"

    # nothing changed: swiggen does not run again
    assert WRAPPING not in build(out).stdout

    # an edit of a header the wrapped one includes regenerates (the depfile) and rebuilds
    edit(units_h, "namespace geometry {", "#define GEOMETRY_EXTRA 1\nnamespace geometry {")
    assert WRAPPING in build(out).stdout
    assert call(out, "import shapes; print(shapes.extra())").strip() == "7"

    # a value in the included header: the wrapper is compiled again
    edit(units_h, "kScale = 1.0", "kScale = 2.0")
    build(out)
    assert call(out, "import shapes; print(shapes.scale())").strip() == "2.0"

    # an edit of the wrapped header: a new function, with its stub
    edit(shapes_h, "}  // namespace geometry",
         "/// Twice `x`.\ninline int twice(int x) { return 2 * x; }\n}  // namespace geometry")
    build(out)
    assert call(out, "import shapes; print(shapes.twice(21))").strip() == "42"
    assert "def twice(x: int) -> int" in (out / "shapes.pyi").read_text()


def test_a_bad_annotation_fails_the_build_with_a_located_error(tmp_path: Path) -> None:
    project = copy_example(tmp_path / "project")
    shapes_h = project / "include" / "geometry" / "shapes.h"
    edit(shapes_h, "double total_square_area(const std::vector<double>& sides);",
         "double total_square_area(const std::vector<double>& sides);  // swiggen: no_such")
    line = next(i for i, text in enumerate(shapes_h.read_text().splitlines(), 1)
                if "no_such" in text)
    out = tmp_path / "build"
    configure(project, out, GENERATORS[0], f"-Dswiggen_DIR={cmake_dir()}")
    proc = build(out, check=False)
    assert proc.returncode != 0
    assert f"shapes.h:{line}: error SG201: unknown directive 'no_such'" in \
        proc.stdout + proc.stderr
    assert not list(out.glob("_shapes*"))


def _cmakes() -> list[str]:
    """Each CMake on this machine once (the newest on PATH, Debian's 3.25 if it differs)."""
    found: dict[str, str] = {}
    for cmake in filter(None, [CMAKE, "/usr/bin/cmake"]):
        if os.path.exists(cmake):
            version = run([cmake, "--version"]).stdout.split()[2]
            found.setdefault(version, cmake)
    return [found[v] for v in sorted(found)]


PREFIX_PROJECT = """\
cmake_minimum_required(VERSION 3.18...4.0)
project(units_check LANGUAGES CXX)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
add_library(geometry STATIC {example}/src/shapes.cpp)
target_include_directories(geometry PUBLIC {example}/include)
find_package(swiggen 0.1 CONFIG REQUIRED)
swiggen_add_module(shapes HEADERS {example}/include/geometry/shapes.h LINK geometry UNITS 3
                   OUTPUT_DIR python)
"""


@pytest.mark.parametrize("cmake", _cmakes() if CMAKE else [])
def test_prefix_path_and_units(tmp_path: Path, cmake: str) -> None:
    """find_package through CMAKE_PREFIX_PATH (the package's folder), a wrapper in 3 units
    compiled in parallel, the module in OUTPUT_DIR; with each CMake version here."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "CMakeLists.txt").write_text(
        PREFIX_PROJECT.format(example=EXAMPLE.as_posix()))
    out = tmp_path / "build"
    configure(tmp_path / "src", out, GENERATORS[0],
              f"-DCMAKE_PREFIX_PATH={Path(cmake_dir()).parent}", cmake=cmake)
    run([cmake, "--build", str(out), "-j", "2"])
    units = sorted(p.name for p in (out / "swiggen" / "shapes").glob("shapes_wrap_*.cxx"))
    assert units == ["shapes_wrap_0.cxx", "shapes_wrap_1.cxx", "shapes_wrap_2.cxx"]
    assert call(out / "python", CHECK).startswith("1.0 ")


IMPORTS_PROJECT = """\
cmake_minimum_required(VERSION 3.18...4.0)
project(imports_check LANGUAGES CXX)
set(CMAKE_POSITION_INDEPENDENT_CODE ON)
add_library(geometry STATIC {example}/src/shapes.cpp)
target_include_directories(geometry PUBLIC {example}/include)
find_package(Python 3.10 REQUIRED COMPONENTS Interpreter Development.Module)
find_package(swiggen CONFIG REQUIRED)
swiggen_add_module(shapes HEADERS {example}/include/geometry/shapes.h LINK geometry)
swiggen_add_module(scene HEADERS scene.h LINK geometry IMPORTS shapes)
"""


def test_a_module_imports_another_modules_classes(tmp_path: Path) -> None:
    """IMPORTS: `scene` takes the `shapes` module's objects (one SWIG type table)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(IMPORTS_PROJECT.format(example=EXAMPLE.as_posix()))
    (src / "scene.h").write_text(
        '#pragma once\n#include "geometry/shapes.h"\nnamespace geometry {\n'
        "inline double twice_area(const Shape& s) { return 2 * s.area(); }\n}\n")
    out = tmp_path / "build"
    configure(src, out, GENERATORS[0], f"-Dswiggen_DIR={cmake_dir()}")
    run([str(CMAKE), "--build", str(out), "-j", "2"])
    printed = call(out, "import shapes, scene\nprint(scene.twice_area(shapes.Rect(2.0, 3.0)))\n"
                        "try:\n    scene.twice_area(3)\nexcept TypeError as e:\n"
                        "    print('TypeError', e)\n")
    first, second = printed.splitlines()
    assert first == "12.0"
    assert second.startswith("TypeError twice_area() argument 's'")


CHECK_PROJECT = """\
cmake_minimum_required(VERSION 3.18...4.0)
project(check_check LANGUAGES CXX)
find_package(swiggen CONFIG REQUIRED)
swiggen_add_module(leaveout HEADERS {header}{no_check})
"""


def test_what_the_compiler_rejects_is_left_out(tmp_path: Path) -> None:
    """By default (`swiggen wrap --check`) tests/leaveout/leaveout.h's declarations whose
    wrappers do not compile are left out with SG420 at their lines, and the rest builds and
    works, as with `swiggen build` (tests/test_leave_out.py); with NO_CHECK the compile fails."""
    header = REPO / "tests" / "leaveout" / "leaveout.h"
    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(CHECK_PROJECT.format(header=header.as_posix(),
                                                             no_check=""))
    out = tmp_path / "build"
    configure(src, out, GENERATORS[0], f"-Dswiggen_DIR={cmake_dir()}")
    proc = build(out)
    left = set(re.findall(r"warning SG420: '[^']*' \(Python '([^']*)'\)",
                          proc.stdout + proc.stderr))
    assert left == {"twice_int", "Meter.as_int", "IntCell.length", "Verdict.__eq__",
                    "Holder.__copy__", "Holder.items", "Setting.__getitem__"}, proc.stdout
    assert call(out, "import leaveout; print(leaveout.thrice_int(4), leaveout.plus_one(1))"
                ).strip() == "12 2"
    (src / "CMakeLists.txt").write_text(CHECK_PROJECT.format(header=header.as_posix(),
                                                             no_check=" NO_CHECK"))
    configure(src, tmp_path / "unchecked", GENERATORS[0], f"-Dswiggen_DIR={cmake_dir()}")
    assert build(tmp_path / "unchecked", check=False).returncode != 0


PKG_PROJECT = """\
cmake_minimum_required(VERSION 3.18...4.0)
project(pkg_check LANGUAGES CXX)
find_package(swiggen CONFIG REQUIRED)
swiggen_add_module(cjson HEADERS /usr/include/cjson/cJSON.h PKG_CONFIG libcjson)
"""


@pytest.mark.skipif(not Path("/usr/include/cjson/cJSON.h").is_file() or
                    shutil.which("pkg-config") is None,
                    reason="libcjson-dev and pkg-config are not installed")
def test_pkg_config_wraps_an_installed_library(tmp_path: Path) -> None:
    """PKG_CONFIG libcjson: the installed cJSON's flags for the parse, the compile and the
    link, with no hand-written -I/-l."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "CMakeLists.txt").write_text(PKG_PROJECT)
    out = tmp_path / "build"
    configure(src, out, GENERATORS[0], f"-Dswiggen_DIR={cmake_dir()}")
    build(out)
    printed = call(out, "import cjson\nitem = cjson.cJSON_Parse('{\"a\": [1, 2]}')\n"
                        "print(cjson.cJSON_PrintUnformatted(item))\n")
    assert printed.strip() == '{"a":[1,2]}'


def test_a_python_without_this_swiggen_is_named(tmp_path: Path) -> None:
    """swiggen_PYTHON must import this swiggen: else find_package fails, saying what to set."""
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\nexit 1\n")
    fake.chmod(0o755)
    proc = run([str(CMAKE), "-S", str(EXAMPLE), "-B", str(tmp_path / "build"),
                f"-DPython_EXECUTABLE={sys.executable}", f"-Dswiggen_PYTHON={fake}",
                f"-Dswiggen_DIR={cmake_dir()}"], check=False)
    assert proc.returncode != 0
    assert "cannot run swiggen" in proc.stderr and "-Dswiggen_PYTHON=" in proc.stderr


def test_wrap_hands_over_sources_flags_and_depfile(tmp_path: Path) -> None:
    """`swiggen wrap` alone, as Meson would run it: fixed unit names, a response file, a
    depfile naming the included header, files rewritten only when their content changes."""
    header = EXAMPLE / "include" / "geometry" / "shapes.h"
    args = ("wrap", str(header), "-m", "shapes", "-I", str(EXAMPLE / "include"),
            "-o", str(tmp_path / "out"), "--build-dir", str(tmp_path / "bld"), "--units", "2",
            "--flags-file", str(tmp_path / "shapes.rsp"), "--depfile", str(tmp_path / "x.d"),
            "--stamp", str(tmp_path / "x.stamp"))
    proc = swiggen(*args)
    assert proc.returncode == 0, proc.stderr
    sources = proc.stdout.split()
    assert [Path(s).name for s in sources] == ["shapes_wrap_0.cxx", "shapes_wrap_1.cxx"]
    assert all(Path(s).is_file() for s in sources)
    assert {p.name for p in (tmp_path / "out").iterdir()} == {"shapes.py", "shapes.pyi"}
    flags = (tmp_path / "shapes.rsp").read_text().splitlines()
    assert f"-I{EXAMPLE / 'include'}" in flags and "-DNDEBUG" in flags
    dep = (tmp_path / "x.d").read_text()
    assert dep.startswith(f"{tmp_path / 'x.stamp'}: ")
    assert str(EXAMPLE / "include" / "geometry" / "units.h") in dep
    before = {p: p.stat().st_mtime_ns for p in [*map(Path, sources), tmp_path / "shapes.rsp",
                                                tmp_path / "out" / "shapes.py"]}
    again = swiggen(*args)
    assert again.returncode == 0 and again.stdout == proc.stdout
    assert {p: p.stat().st_mtime_ns for p in before} == before

    # compiled by hand with the response file (what Meson's route does): a working module
    out = tmp_path / "out"
    run(["c++", "-std=c++17", "-fPIC", "-fvisibility=hidden", "-shared",
         f"@{tmp_path / 'shapes.rsp'}", f"-I{sysconfig.get_paths()['include']}", *sources,
         str(EXAMPLE / "src" / "shapes.cpp"),
         "-o", str(out / f"_shapes{sysconfig.get_config_var('EXT_SUFFIX')}")])
    assert call(out, CHECK).startswith("1.0 ")


@pytest.mark.skipif(shutil.which("meson") is None or shutil.which("ninja") is None,
                    reason="meson (and ninja) are not installed")
def test_meson_builds_the_example_through_swiggen_wrap(tmp_path: Path) -> None:
    """examples/cmake/meson.build, docs/cmake.md's Meson route: built, imported, and rebuilt
    after an edit of a header the wrapped one includes."""
    project = copy_example(tmp_path / "project")
    out = tmp_path / "build"
    # the Python to build for, which runs swiggen (meson_options.txt)
    run([str(shutil.which("meson")), "setup", f"-Dpython={sys.executable}", str(out),
         str(project)])
    run([str(shutil.which("ninja")), "-C", str(out)])
    assert call(out, CHECK).startswith("1.0 ")
    edit(project / "include" / "geometry" / "units.h", "kScale = 1.0", "kScale = 3.0")
    run([str(shutil.which("ninja")), "-C", str(out)])
    assert call(out, "import shapes; print(shapes.scale())").strip() == "3.0"


# -- scikit-build-core ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def skbuild_wheelhouse(build_root: Path) -> Iterator[Path]:
    """A wheel of this checkout, its dependencies and scikit-build-core's (made once per run):
    what an isolated build of examples/cmake installs, with no package index."""
    house = build_root / "wheelhouse-cmake"
    with open(build_root / "wheelhouse-cmake.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (house / ".complete").exists():
            shutil.rmtree(house, ignore_errors=True)
            src = build_root / "swiggen-src-cmake"
            shutil.rmtree(src, ignore_errors=True)
            src.mkdir()
            for name in ("setup.py", "pyproject.toml", "README.md"):
                shutil.copy2(REPO / name, src / name)
            for name in ("generator", "templates", "interfaces"):
                shutil.copytree(REPO / name, src / name,
                                ignore=shutil.ignore_patterns("__pycache__"))
            run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                 "--no-index", "-w", str(house), str(src)])
            wheel = next(house.glob("swiggen-*.whl"))
            proc = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d",
                                   str(house), str(wheel), "scikit-build-core>=0.10"],
                                  check=False, capture_output=True, text=True, timeout=900)
            if proc.returncode != 0:
                pytest.skip("cannot fetch scikit-build-core and swiggen's dependencies for an "
                            f"isolated build:\n{proc.stderr[-2000:]}")
            (house / ".complete").write_text("")
    yield house


@pytest.mark.pip
def test_pip_install_through_scikit_build_core(tmp_path: Path,
                                               skbuild_wheelhouse: Path) -> None:
    project = copy_example(tmp_path / "project")
    run([sys.executable, "-m", "venv", "--without-pip", str(tmp_path / "venv")])
    python = tmp_path / "venv" / "bin" / "python"
    proc = run([sys.executable, "-m", "pip", "--python", str(python), "install", str(project)],
               env={"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(skbuild_wheelhouse),
                    "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
    assert "Successfully installed geometry-0.1.0" in proc.stdout
    code = ("import geometry, geometry.shapes as s\n"
            "assert geometry.Circle(2.0).radius() == 2.0\n"
            "assert geometry.total_square_area([3.0]) == 9.0\n"
            "print(s.__file__)")
    printed = run([str(python), "-c", code], cwd=tmp_path).stdout
    site = Path(printed.strip()).parent
    assert site.name == "geometry" and "site-packages" in str(site)
    names = {p.name for p in site.iterdir()}
    assert {"shapes.py", "shapes.pyi", "py.typed", "__init__.py"} <= names
    assert [n for n in names if re.fullmatch(r"_shapes\.cpython-.*\.so", n)]
    assert not (project / "build").exists() or not list((project / "build").rglob("*.so"))
