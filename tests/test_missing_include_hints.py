"""A missing include of an installed library (SG102) and its undefined symbols (SG411) name the
folder, package and libraries to add (generator/swiggen/installed.py): Eigen and OpenCV keep
their headers one folder below /usr/include, and OpenCV's .pc file may not be installed."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import swiggen
from swiggen import installed, pkgconfig

TOOL = shutil.which("pkg-config") or shutil.which("pkgconf")
EIGEN = Path("/usr/include/eigen3/Eigen/Dense")
OPENCV = Path("/usr/include/opencv4/opencv2/imgproc.hpp")
CORE_SO = Path("/usr/lib/x86_64-linux-gnu/libopencv_core.so")


def _has(package: str) -> bool:
    return TOOL is not None and subprocess.run([TOOL, "--exists", package],
                                               check=False).returncode == 0


def _debian(path: Path) -> str:
    """The Debian package owning `path`, or ""."""
    return installed.owners([str(path)]).get(str(path), ("",))[0]


def test_a_library_folder_below_an_include_root_is_named(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    root = tmp_path / "include"
    (root / "mylib1" / "My").mkdir(parents=True)
    (root / "mylib1" / "My" / "Lib.h").write_text("int f();\n")
    (root / "other").mkdir()
    hint = installed.include_hint("My/Lib.h", roots=(str(root),))
    assert hint == (f"'My/Lib.h' is in {root}/mylib1 (no pkg-config file names that folder): "
                    f"add -I{root}/mylib1")
    assert installed.include_hint("My/None.h", roots=(str(root),)) == ""
    assert installed.missing_include("'My/Lib.h' file not found") == "My/Lib.h"
    assert installed.missing_include("unknown type name 'x'") == ""
    if TOOL is None:
        return
    # a package whose cflags add that folder is named, whatever its name
    (tmp_path / "mine.pc").write_text(f"Name: mine\nDescription: d\nVersion: 1\n"
                                      f"Cflags: -I{root}/mylib1\n")
    monkeypatch.setenv("PKG_CONFIG_PATH", str(tmp_path))
    pkgconfig._include_dirs.cache_clear()
    assert installed.include_hint("My/Lib.h", roots=(str(root),)) == (
        f"'My/Lib.h' is in {root}/mylib1: add --pkg-config mine (or -I{root}/mylib1)")


def test_an_include_found_nowhere_keeps_the_generic_hint(tmp_path: Path) -> None:
    (tmp_path / "x.h").write_text("#include <swiggen_no_such/header.h>\nint f();\n")
    proc = swiggen("build", "x.h", "-m", "x", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 1
    assert ("x.h:1: error SG102: 'swiggen_no_such/header.h' file not found — fix the header so "
            "that `c++ -fsyntax-only` accepts it") in proc.stderr


@pytest.mark.skipif(not EIGEN.exists(), reason="needs Eigen's headers (libeigen3-dev)")
def test_eigen_without_its_folder_is_told_the_package(tmp_path: Path) -> None:
    (tmp_path / "lin.h").write_text("#include <Eigen/Dense>\n"
                                    "double norm(const Eigen::VectorXd& v);\n")
    proc = swiggen("build", "lin.h", "-m", "lin", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 1
    said = proc.stderr
    assert "lin.h:1: error SG102: 'Eigen/Dense' file not found — 'Eigen/Dense' is in " \
           "/usr/include/eigen3" in said
    if _has("eigen3"):
        assert "add --pkg-config eigen3 (or -I/usr/include/eigen3)" in said
    else:
        assert "add -I/usr/include/eigen3" in said
    debian = _debian(EIGEN)
    if debian:  # a header-only library: no library to link
        assert f"(Debian package {debian}" in said and debian == "libeigen3-dev"
    assert "-l" not in said.split("—", 1)[1]


@pytest.mark.skipif(not OPENCV.exists(), reason="needs OpenCV's imgproc headers")
def test_opencv_without_its_folder_is_told_the_folder_and_libraries(tmp_path: Path) -> None:
    (tmp_path / "img.h").write_text("#include <opencv2/core.hpp>\nint f(int);\n")
    proc = swiggen("build", "img.h", "-m", "img", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 1
    said = proc.stderr
    assert "img.h:1: error SG102: 'opencv2/core.hpp' file not found — 'opencv2/core.hpp' is " \
           "in /usr/include/opencv4" in said
    if _has("opencv4"):
        assert "add --pkg-config opencv4 (or -I/usr/include/opencv4" in said
    else:
        assert "no pkg-config file names that folder): add -I/usr/include/opencv4" in said
    if _debian(OPENCV) and CORE_SO.exists():
        assert " and link -lopencv_core" in said and "-lopencv_imgproc" in said


@pytest.mark.compile
@pytest.mark.skipif(not OPENCV.exists() or not CORE_SO.exists() or not _debian(OPENCV),
                    reason="needs OpenCV's imgproc headers and libraries from Debian packages")
def test_undefined_opencv_symbols_name_the_libraries(tmp_path: Path) -> None:
    (tmp_path / "img.h").write_text("#include <opencv2/imgproc.hpp>\n"
                                    "int area_after(int h, int w, double f);\n")
    (tmp_path / "img.cpp").write_text(
        '#include "img.h"\n'
        "int area_after(int h, int w, double f) {\n"
        "    cv::Mat src(h, w, CV_8UC1, cv::Scalar(0)), dst;\n"
        "    cv::resize(src, dst, cv::Size(), f, f);\n"
        "    return dst.rows * dst.cols;\n}\n")
    args = ("build", "img.h", "-m", "imgsz", "-o", "out", "-I/usr/include/opencv4",
            "--sources", "img.cpp")
    proc = swiggen(*args, cwd=tmp_path)
    assert proc.returncode == 1
    lines = [ln for ln in proc.stderr.splitlines() if "error SG411" in ln]
    resize = [ln for ln in lines if "'cv::resize(" in ln]
    assert len(resize) == 1, proc.stderr[-3000:]
    assert "— libopencv_imgproc.so defines it: link -lopencv_core -lopencv_imgproc" in resize[0]
    assert any("'cv::Mat::~Mat()'" in ln and "— libopencv_core.so defines it" in ln
               for ln in lines)
    # and the flags it names build a module that works
    proc = swiggen(*args, "-l", "opencv_core", "-l", "opencv_imgproc", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = subprocess.run([sys.executable, "-c",
                          "import imgsz; print(imgsz.area_after(10, 20, 0.5))"],
                         cwd=tmp_path / "out", capture_output=True, text=True, check=False)
    assert out.stdout.strip() == "50", out.stderr
