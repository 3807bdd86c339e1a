"""examples/imageresize: the brief's operator written the OpenCV way (cv::Mat in and out, a
cv::Rect ROI, scale factors), built by its build.sh with no annotation, checked against
cv2.resize from the opencv-python(-headless) wheel where it is importable, and always against a
NumPy nearest-neighbour reference (INTER_NEAREST)."""

from __future__ import annotations

import gc
from pathlib import Path

import numpy as np
import pytest
from example_build import EXAMPLE_LIBS, load_example, run_python

pytestmark = pytest.mark.compile

# (module, header that must exist, Debian package): registered here, the example's own row
EXAMPLE_LIBS.setdefault("imageresize", ("imageresize",
                                        Path("/usr/include/opencv4/opencv2/imgproc.hpp"),
                                        "libopencv-imgproc-dev"))

INTER_NEAREST, INTER_LINEAR, INTER_AREA = 0, 1, 3
#: (x, y, width, height) of the ROI, fx, fy
CASES = [((0, 0, 64, 48), 0.5, 0.5), ((3, 5, 17, 31), 2.0, 1.5), ((10, 2, 40, 30), 0.3, 0.7),
         ((0, 0, 1, 1), 3.0, 3.0), ((63, 47, 1, 1), 1.0, 2.0)]


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("imageresize", build_root)


@pytest.fixture(scope="session")
def ir(example):  # type: ignore[no-untyped-def]
    return example[0]


def images():  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(5)
    yield rng.integers(0, 256, (48, 64, 3), dtype=np.uint8)
    yield rng.integers(0, 256, (48, 64), dtype=np.uint8)
    yield (rng.random((48, 64, 3)) * 100).astype(np.float32)
    yield rng.integers(0, 60000, (48, 64, 4), dtype=np.uint16)


def nearest(img: np.ndarray, roi: tuple[int, int, int, int], fx: float,
            fy: float) -> np.ndarray:
    """OpenCV's INTER_NEAREST in NumPy: source pixel floor(d / f), clipped to the ROI."""
    x, y, w, h = roi
    crop = img[y:y + h, x:x + w]
    ow, oh = max(round(w * fx), 1), max(round(h * fy), 1)
    sx = np.minimum(np.floor(np.arange(ow) * (1.0 / fx)).astype(int), w - 1)
    sy = np.minimum(np.floor(np.arange(oh) * (1.0 / fy)).astype(int), h - 1)
    return crop[sy][:, sx]


def test_nearest_matches_numpy_reference(ir) -> None:
    for img in images():
        for roi, fx, fy in CASES:
            got = ir.ImageResize(img, roi, fx, fy, INTER_NEAREST)
            want = nearest(img, roi, fx, fy)
            assert got.dtype == img.dtype and got.shape == want.shape, (roi, fx, fy)
            assert np.array_equal(got, want), (roi, fx, fy)
            assert np.array_equal(ir.ImageResizeInto(img, roi, fx, fy, INTER_NEAREST), want)


@pytest.mark.parametrize("interpolation", [INTER_NEAREST, INTER_LINEAR, INTER_AREA])
def test_matches_cv2_resize(ir, interpolation: int) -> None:
    cv2 = pytest.importorskip("cv2", reason="opencv-python(-headless) is not installed")
    for img in images():
        for roi, fx, fy in CASES:
            x, y, w, h = roi
            want = cv2.resize(img[y:y + h, x:x + w], None, fx=fx, fy=fy,
                              interpolation=interpolation)
            got = ir.ImageResize(img, roi, fx, fy, interpolation)
            assert got.shape == want.shape and got.dtype == want.dtype
            # (the wheel's OpenCV may be another version than the system's: rounding of
            # fixed-point linear interpolation may differ by one level)
            tol = 1 if img.dtype.kind in "ui" and interpolation != INTER_NEAREST else 1e-4
            assert np.abs(got.astype(np.float64) - want).max() <= tol, (roi, fx, fy)


def test_default_interpolation_and_roi_views(ir) -> None:
    img = np.arange(40 * 30, dtype=np.float32).reshape(30, 40)
    view = img[5:25, 10:30]  # a strided view goes in without a copy
    a = ir.ImageResize(view, (0, 0, 20, 20), 0.5, 0.5)  # INTER_LINEAR by default
    b = ir.ImageResize(img, (10, 5, 20, 20), 0.5, 0.5, INTER_LINEAR)
    assert np.array_equal(a, b)
    del img, view
    gc.collect()
    assert a.shape == (10, 10) and np.isfinite(a).all()


def test_wrong_inputs_raise(ir) -> None:
    img = np.zeros((10, 10, 3), np.uint8)
    with pytest.raises(TypeError, match=r"ImageResize\(\) argument 'roi'.*4 ints"):
        ir.ImageResize(img, (0, 0, 5), 1.0, 1.0)
    with pytest.raises(TypeError, match=r"ImageResize\(\) argument 'src'"):
        ir.ImageResize("image", (0, 0, 5, 5), 1.0, 1.0)
    with pytest.raises(ValueError, match=r"ImageResize\(\) argument 'src'.*4-D"):
        ir.ImageResize(np.zeros((2, 2, 2, 2)), (0, 0, 1, 1), 1.0, 1.0)
    with pytest.raises(RuntimeError, match="OpenCV"):  # a ROI outside the image: cv::Exception
        ir.ImageResize(img, (8, 8, 5, 5), 1.0, 1.0)


def test_usage_script_runs(example) -> None:
    _, out = example
    proc = run_python(Path(__file__).resolve().parents[2] / "examples" / "imageresize" /
                      "usage.py", out)
    assert proc.returncode == 0, proc.stderr
    assert "(50, 400, 3) uint8" in proc.stdout
