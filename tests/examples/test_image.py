"""examples/image: an image library written with raw pointers and sizes, wrapped with
annotations only (shared dimensions, N-D out arrays, nogil), checked against pure-NumPy
reference implementations (examples/image/reference.py) on random images of odd sizes, 1-pixel
edges and both dtypes."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from example_build import EXAMPLES, load_example, run_python

pytestmark = pytest.mark.compile

sys.path.insert(0, str(EXAMPLES / "image"))
import reference as ref  # noqa: E402

SIZES = [(1, 1), (1, 7), (5, 1), (3, 5), (17, 31), (64, 48)]
OUT_SIZES = [(1, 1), (2, 3), (7, 5), (40, 90)]


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("image", build_root)


@pytest.fixture(scope="session")
def im(example):  # type: ignore[no-untyped-def]
    return example[0]


def images(dtype, channels=(1, 3, 4)):  # type: ignore[no-untyped-def]
    rng = np.random.default_rng(11)
    for h, w in SIZES:
        for c in channels:
            if dtype == np.uint8:
                yield rng.integers(0, 256, (h, w, c), dtype=np.uint8)
            else:
                yield rng.random((h, w, c), dtype=np.float32) * 100


def test_nearest_resize_is_exact(im) -> None:
    for img in images(np.uint8):
        for oh, ow in OUT_SIZES:
            got = im.resize_nearest(img, oh, ow)
            assert got.shape == (oh, ow, img.shape[2]) and got.dtype == np.uint8
            assert np.array_equal(got, ref.resize_nearest(img, oh, ow))
    for img in images(np.float32):
        got = im.resize_nearest_f32(img, 9, 4)
        assert got.dtype == np.float32 and np.array_equal(got, ref.resize_nearest(img, 9, 4))


def test_bilinear_resize_matches_numpy(im) -> None:
    for img in images(np.uint8):
        for oh, ow in OUT_SIZES:
            got = im.resize_bilinear(img, oh, ow).astype(int)
            want = ref.resize_bilinear(img, oh, ow).astype(int)
            assert np.abs(got - want).max() <= 1  # float rounding at .5 may differ by one
    for img in images(np.float32):
        for oh, ow in OUT_SIZES:
            np.testing.assert_allclose(im.resize_bilinear_f32(img, oh, ow),
                                       ref.resize_bilinear(img, oh, ow), rtol=1e-5, atol=1e-3)


def test_grayscale_and_its_channel_check(im) -> None:
    for img in images(np.uint8, channels=(3,)):
        got = im.grayscale(img).astype(int)
        assert got.shape == img.shape[:2]
        assert np.abs(got - ref.grayscale(img).astype(int)).max() <= 1
    with pytest.raises(ValueError, match="3 channels"):
        im.grayscale(np.zeros((2, 2, 4), np.uint8))


def test_convolution_with_replicated_edges(im) -> None:
    rng = np.random.default_rng(3)
    kernel = rng.random((3, 3), dtype=np.float32)
    for h, w in SIZES:
        src = rng.random((h, w), dtype=np.float32)
        np.testing.assert_allclose(im.convolve3x3(src, kernel), ref.convolve3x3(src, kernel),
                                   rtol=1e-5, atol=1e-5)
    with pytest.raises(ValueError, match="3 x 3"):
        im.convolve3x3(np.ones((4, 4), np.float32), np.ones((2, 2), np.float32))


def test_brighten_in_place(im) -> None:
    for img in images(np.uint8):
        want = ref.brighten(img, 1.7)
        im.brighten(img, 1.7)
        assert np.array_equal(img, want)
    with pytest.raises(TypeError):  # in place means exactly uint8, never a converted copy
        im.brighten(np.zeros((2, 2, 3), np.float32), 2.0)


def test_wrong_shapes_raise_before_cpp_runs(im) -> None:
    with pytest.raises(ValueError, match="3-D"):
        im.resize_nearest(np.zeros((4, 4), np.uint8), 2, 2)
    with pytest.raises(ValueError, match="negative"):
        im.resize_bilinear(np.zeros((4, 4, 3), np.uint8), 2, -2)


def test_nogil_calls_run_in_threads(im) -> None:
    img = np.random.default_rng(5).integers(0, 256, (200, 300, 3), dtype=np.uint8)
    want = ref.resize_bilinear(img, 100, 150)
    results: list[np.ndarray] = []

    def work() -> None:
        for _ in range(20):
            results.append(im.resize_bilinear(img, 100, 150))

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 80
    assert all(np.abs(r.astype(int) - want.astype(int)).max() <= 1 for r in results)


def test_usage_script_runs(example) -> None:
    proc = run_python(EXAMPLES / "image" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert "(120, 160, 3) (120, 160) float32" in proc.stdout
