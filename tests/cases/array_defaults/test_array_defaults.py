"""Array directives with default arguments and overloads; out sizes from float expressions
(tests/cases/array_defaults; issue #37 points 5 and 7)."""

from __future__ import annotations

import inspect
import math
import sys

import numpy as np
import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def ad(case_module):  # type: ignore[no-untyped-def]
    return case_module("array_defaults")


def reference_resize(img: np.ndarray, y0: int, x0: int, rh: int, rw: int, fy: float, fx: float,
                     oh: int, ow: int, interpolation: int = 1) -> np.ndarray:
    """The C++ operator in numpy: nearest (0) or bilinear with half-pixel centres (1)."""
    roi = img[y0:y0 + rh, x0:x0 + rw].astype(np.float64)
    ys, xs = np.arange(oh), np.arange(ow)
    if interpolation == 0:
        sy = np.minimum(np.floor(ys / fy).astype(int), rh - 1)
        sx = np.minimum(np.floor(xs / fx).astype(int), rw - 1)
        v = roi[sy][:, sx]
    else:
        sy = np.clip((ys + 0.5) / fy - 0.5, 0.0, rh - 1.0)
        sx = np.clip((xs + 0.5) / fx - 0.5, 0.0, rw - 1.0)
        iy, ix = np.floor(sy).astype(int), np.floor(sx).astype(int)
        iy1, ix1 = np.minimum(iy + 1, rh - 1), np.minimum(ix + 1, rw - 1)
        ty, tx = (sy - iy)[:, None, None], (sx - ix)[None, :, None]
        top = roi[iy][:, ix] * (1 - tx) + roi[iy][:, ix1] * tx
        bottom = roi[iy1][:, ix] * (1 - tx) + roi[iy1][:, ix1] * tx
        v = top * (1 - ty) + bottom * ty
    return np.minimum(255.0, np.floor(v + 0.5)).astype(np.uint8)


CASES = [  # (h, w, c, y0, x0, rh, rw, fy, fx)
    (1, 1, 1, 0, 0, 1, 1, 1.0, 1.0),
    (5, 7, 3, 0, 0, 5, 7, 2.0, 2.0),
    (17, 31, 3, 2, 3, 11, 20, 0.5, 1.5),
    (40, 30, 4, 10, 5, 25, 21, 1.37, 0.61),
    (9, 9, 1, 8, 8, 1, 1, 3.0, 3.0),
    (64, 48, 3, 1, 1, 62, 46, 0.25, 0.3),
]


def _image(h: int, w: int, c: int) -> np.ndarray:
    return np.random.default_rng(h * 100 + w).integers(0, 256, (h, w, c), dtype=np.uint8)


@pytest.mark.parametrize("interpolation", [0, 1])
@pytest.mark.parametrize("case", CASES)
def test_brief_operator_with_trailing_default_matches_numpy(ad, case, interpolation) -> None:
    h, w, c, y0, x0, rh, rw, fy, fx = case
    img = _image(h, w, c)
    oh, ow = max(1, round(rh * fy)), max(1, round(rw * fx))
    expected = reference_resize(img, y0, x0, rh, rw, fy, fx, oh, ow, interpolation)
    got = ad.ImageResizeInto(img, y0, x0, rh, rw, fy, fx, oh, ow, interpolation)
    assert got.shape == (oh, ow, c) and got.dtype == np.uint8
    np.testing.assert_array_equal(got, expected)
    # by keyword, and in any order of keywords
    kw = ad.ImageResizeInto(img, y0=y0, x0=x0, rh=rh, rw=rw, fy=fy, fx=fx, oh=oh, ow=ow,
                            interpolation=interpolation)
    np.testing.assert_array_equal(kw, expected)
    if interpolation == 1:  # the default is bilinear
        np.testing.assert_array_equal(ad.ImageResizeInto(img, y0, x0, rh, rw, fy, fx, oh, ow),
                                      expected)


@pytest.mark.parametrize("case", CASES)
def test_out_size_is_round_of_region_times_scale(ad, case) -> None:
    h, w, c, y0, x0, rh, rw, fy, fx = case
    img = _image(h, w, c)
    oh, ow = round(rh * fy), round(rw * fx)
    if oh == 0 or ow == 0:
        return
    for interpolation in (0, 1):
        got = ad.ImageResize(img, y0, x0, rh, rw, fy, fx, interpolation=interpolation)
        assert got.shape == (oh, ow, c)
        np.testing.assert_array_equal(
            got, reference_resize(img, y0, x0, rh, rw, fy, fx, oh, ow, interpolation))
    np.testing.assert_array_equal(ad.ImageResize(img, y0, x0, rh, rw, fy, fx),
                                  ad.ImageResize(img, y0, x0, rh, rw, fy, fx, 1))


def test_round_is_pythons_halves_to_even(ad) -> None:
    img = _image(8, 8, 1)
    # 5 * 0.5 = 2.5 -> 2, 3 * 0.5 = 1.5 -> 2, 7 * 0.5 = 3.5 -> 4, as Python's round
    for rh in (5, 3, 7, 1):
        out = ad.ImageResize(img, 0, 0, rh, 8, 0.5, 1.0)
        assert out.shape == (round(rh * 0.5), 8, 1), rh
    assert inspect.signature(ad.ImageResize).parameters.keys() == {
        "src", "y0", "x0", "rh", "rw", "fy", "fx", "interpolation"}


def test_bad_sizes_and_arguments_are_errors_naming_them(ad) -> None:
    img = _image(4, 4, 3)
    with pytest.raises(ValueError, match=r"ImageResize\(\): out array 'dst': "
                       r"oh = round\(rh\*fy\): not a finite number \(nan\)"):
        ad.ImageResize(img, 0, 0, 4, 4, math.nan, 1.0)
    with pytest.raises(ValueError, match=r"ow = round\(rw\*fx\): not a finite number \(inf\)"):
        ad.ImageResize(img, 0, 0, 4, 4, 1.0, math.inf)
    with pytest.raises(ValueError, match=r"the out array 'dst' cannot have a negative size: "
                       r"axis 0 is oh = round\(rh\*fy\) = -4"):
        ad.ImageResize(img, 0, 0, 4, 4, -1.0, 1.0)
    with pytest.raises(ValueError, match=r"too large for a size"):
        ad.ImageResize(img, 0, 0, 4, 4, 1e300, 1.0)
    with pytest.raises(ValueError, match=r"ImageResizeInto\(\): the out array 'dst' cannot "
                       r"have a negative size: axis 1 is ow = -2"):
        ad.ImageResizeInto(img, 0, 0, 4, 4, 1.0, 1.0, 3, -2)
    with pytest.raises(ValueError, match="region of interest"):  # the C++ function's own check
        ad.ImageResize(img, 1, 0, 4, 4, 1.0, 1.0)
    with pytest.raises(ValueError, match="interpolation must be"):
        ad.ImageResize(img, 0, 0, 4, 4, 1.0, 1.0, interpolation=7)
    with pytest.raises(TypeError, match=r"ImageResize\(\) argument 'interpolation' \(position 8\)"
                       r" must be int, not str"):
        ad.ImageResize(img, 0, 0, 4, 4, 1.0, 1.0, "bilinear")
    with pytest.raises(TypeError, match=r"argument 'fy' \(position 6\) must be float"):
        ad.ImageResize(img, 0, 0, 4, 4, "2", 1.0)
    with pytest.raises(TypeError, match="unexpected keyword argument 'oh'"):
        ad.ImageResize(img, 0, 0, 4, 4, 1.0, 1.0, oh=3)
    with pytest.raises(ValueError, match=r"argument 'src' must be a 3-D array of uint8, got 2-D"):
        ad.ImageResize(img[0], 0, 0, 4, 4, 1.0, 1.0)


def test_defaults_after_arrays(ad) -> None:
    a, b = np.arange(4.0), np.array([1.0, 2.0, 0.5, 1.0])
    dot = float(a @ b)
    assert ad.wdot(a, b) == dot
    assert ad.wdot(a, b, 2.0) == 2 * dot
    assert ad.wdot(a, b, 2.0, 1.0) == 2 * dot + 1
    assert ad.wdot(a, b, offset=1.0) == dot + 1
    assert ad.wdot(b=b, a=a, offset=-1.0, scale=3.0) == 3 * dot - 1
    with pytest.raises(ValueError, match="'n' and must be equal"):
        ad.wdot(a, b[:3], offset=1.0)
    with pytest.raises(TypeError, match=r"wdot\(\) argument 'offset' \(position 4\)"):
        ad.wdot(a, b, 1.0, "x")
    assert str(inspect.signature(ad.wdot)) == "(a, b, scale=1.0, offset=0.0)"


def test_default_between_arrays_and_an_optional_array(ad) -> None:
    x, w = np.array([1.0, 2.0, 3.0]), np.array([2.0, 0.0, 1.0])
    assert ad.wsum(x) == 6.0
    assert ad.wsum(x, 2.0) == 36.0
    assert ad.wsum(x, p=2.0) == 36.0
    assert ad.wsum(x, 1.0, w) == 5.0
    assert ad.wsum(x, w=w) == 5.0  # p left out, w given
    with pytest.raises(ValueError, match=r"'x' has shape \(3,\) and 'w' has shape \(2,\)"):
        ad.wsum(x, w=w[:2])
    with pytest.raises(TypeError, match="'w' must be a 1-D array of float64"):
        ad.wsum(x, w=None)  # leave it out to pass a null pointer
    # a scalar between the array and its length in C++; the out array is returned
    out = ad.affine(np.array([1.0, 2.0], np.float32), 3.0)
    assert out.dtype == np.float32 and out.tolist() == [3.0, 6.0]
    assert ad.affine(np.array([1.0], np.float32), 3.0, bias=0.5).tolist() == [3.5]
    assert ad.affine(k=2.0, a=[1.0, 2.0]).tolist() == [2.0, 4.0]


def test_default_before_an_array(ad) -> None:
    a = np.array([1.0, 2.0])
    assert ad.plus() == 10.0
    assert ad.plus(1.0) == 1.0
    assert ad.plus(1.0, a) == 4.0
    assert ad.plus(a=a) == 13.0
    assert str(inspect.signature(ad.plus)) == "(k=10.0, a=Ellipsis)"


def test_inplace_strided_and_moved_dimension_with_defaults(ad) -> None:
    m = np.ones((2, 3))
    assert ad.scale2(m, 3.0) is None
    assert (m == 3.0).all()
    ad.scale2(m, 2.0, times=2)
    assert (m == 12.0).all()
    ad.scale2(f=0.5, m=m)
    assert (m == 6.0).all()
    with pytest.raises(TypeError, match="float64"):
        ad.scale2(np.ones((2, 2), np.float32), 2.0)
    img = np.arange(16, dtype=np.float32).reshape(4, 4)
    assert ad.sum_view(img[::2, 1::2]) == float(img[::2, 1::2].sum())
    assert ad.sum_view(img[::-1], weight=0.5) == float(img.sum()) / 2
    a = np.arange(5.0)
    assert ad.head(a, 3) == 3.0
    assert ad.head(a, 3, 2.0) == 6.0
    assert ad.head(a, k=2, scale=10.0) == 10.0
    with pytest.raises(IndexError):
        ad.head(a, 6)
    # the shim's tag stands before the default: errors still name the right argument
    with pytest.raises(TypeError, match=r"head\(\) argument 'k' \(position 2\) must be int"):
        ad.head(a, "3")
    with pytest.raises(TypeError, match=r"head\(\) argument 'scale' \(position 3\)"):
        ad.head(a, 3, "x")


def test_overloads_with_and_without_arrays(ad) -> None:
    a, b = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    assert ad.dot(a, b) == 11.0
    assert ad.dot(a, b, 2.0) == 22.0
    # float32 arrays go to the float overload (which negates), without a copy to float64
    assert ad.dot(a.astype(np.float32), b.astype(np.float32)) == -11.0
    assert ad.dot(a.astype(np.float32), b.astype(np.float32), 2.0) == -22.0
    assert ad.dot([1, 2], [3, 4]) == 11.0  # lists: the double overload
    assert ad.dot(2.0, 3.0) == 6.0
    with pytest.raises(ValueError, match="must be equal"):
        ad.dot(a, b[:1])
    with pytest.raises(TypeError, match="dot"):
        ad.dot("a", "b")
    src = np.array([1, 2], np.int32)
    assert ad.repeat(src, 3).tolist() == [1, 1, 1, 2, 2, 2]
    assert ad.repeat(src, 2, 10).tolist() == [11, 11, 12, 12]
    assert ad.repeat(3, 4) == 12
    with pytest.raises(ValueError, match=r"axis 0 is m = n\*k = -2"):
        ad.repeat(src, -1)


def test_overload_sets_keep_the_shims_shorter_forms(ad) -> None:
    a = np.array([1.0, 2.0])
    assert ad.twice(a).tolist() == [1.0, 1.0, 2.0, 2.0]  # s and the out array left out
    assert ad.twice(a, 3.0).tolist() == [3.0, 3.0, 6.0, 6.0]
    assert ad.twice([1.0], 2.0).tolist() == [2.0, 2.0]
    assert ad.twice(1.5) == 3.0
    x = np.ones(2)
    ad.scale_by(x, 2.0)
    ad.scale_by(x, 2.0, 3)
    assert x.tolist() == [12.0, 12.0]
    y = np.ones(2, np.float32)
    ad.scale_by(y, 2.0)  # the float overload, in place (it negates)
    assert y.tolist() == [-2.0, -2.0]
    ad.scale_by(y, 0.5, 2)
    assert y.tolist() == [2.0, 2.0]
    with pytest.raises(TypeError, match="scale_by"):
        ad.scale_by(np.ones(2, np.int32), 2.0)  # in place: no overload takes int32
    with pytest.raises(TypeError, match="scale_by"):
        ad.scale_by(x, "2")


def test_sizes_from_float_expressions(ad) -> None:
    a = np.arange(10.0)
    for f in (0.0, 0.25, 0.5, 1.0, 1.55, 2.0):
        out = ad.fill_mean(a, f)
        assert out.shape == (math.floor(10 * f),) and (out == 4.5).all()
        assert ad.first_part(a, f).shape == (int(10 * f),)
        assert ad.odd_part(a, f).shape == (max(1, round(10 * f) - 1) // 2,)
    for d in (1, 2, 3, 4, 7, 10, 11):
        assert ad.every(a, d).tolist() == a[::d].tolist()
        assert ad.every(a, d).shape == (math.ceil(10 / d),)
    assert ad.first_part(a, -0.05).shape == (0,)  # int() truncates towards zero
    with pytest.raises(ValueError, match=r"every\(\): out array 'out': n = ceil\(len / d\): "
                       "division by zero"):
        ad.every(a, 0)
    with pytest.raises(ValueError, match=r"n = math.floor\(len\*f\): not a finite number"):
        ad.fill_mean(a, math.nan)
    with pytest.raises(ValueError, match=r"negative size: axis 0 is n = math.floor\(len\*f\) = -1"):
        ad.fill_mean(a, -0.05)
    with pytest.raises(ValueError, match="negative size"):
        ad.every(a, -3)
    img = np.zeros((5, 6), np.float32)
    for h, w, f in [(5, 6, 1.0), (1, 1, 0.0), (4, 9, 0.7), (7, 3, 2.5), (2, 2, -0.5)]:
        oh, ow = max(1, math.ceil(h / 2)), int(w * f) // 2 + math.floor(-f) + 1
        if ow < 0:
            with pytest.raises(ValueError, match="negative size"):
                ad.shape_of(np.zeros((h, w), np.float32), f)
            continue
        out = ad.shape_of(np.zeros((h, w), np.float32), f)
        assert out.shape == (oh, ow), (h, w, f)
        assert out[-1, -1] == (oh - 1) * 1000 + ow - 1 if oh and ow else True
    assert ad.shape_of(img, 1.0).dtype == np.float32


def test_methods_and_constructors_keep_defaults_and_overloads(ad) -> None:
    r = ad.Resizer()
    assert r.interpolation() == 1 and r.lut_size() == 0
    assert ad.Resizer(0).interpolation() == 0
    invert = np.arange(255, -1, -1, dtype=np.uint8)
    inverted = ad.Resizer(0, invert)
    assert inverted.lut_size() == 256
    with pytest.raises(ValueError, match="256 entries"):
        ad.Resizer(0, invert[:10])
    x, w = np.array([1.0, 2.0]), np.array([0.5, 0.25])
    assert ad.Resizer(x, w).weight() == 1.0 and ad.Resizer(x, w).interpolation() == 0
    assert ad.Resizer(x, w, 1).interpolation() == 1
    with pytest.raises(ValueError, match="must be equal"):
        ad.Resizer(x, w[:1])
    img = _image(5, 6, 3)
    assert r.resize(img).shape == (10, 12, 3)  # fy = fx = 2 by default
    np.testing.assert_array_equal(r.resize(img, 0.5, 1.5),
                                  reference_resize(img, 0, 0, 5, 6, 0.5, 1.5, 2, 9))
    np.testing.assert_array_equal(r.resize(img, fx=1.5, fy=0.5, interpolation=0),
                                  reference_resize(img, 0, 0, 5, 6, 0.5, 1.5, 2, 9, 0))
    np.testing.assert_array_equal(inverted.resize(img, 1.0, 1.0), 255 - img)
    with pytest.raises(ValueError, match=r"ow = round\(w\*fx\): not a finite number"):
        r.resize(img, fx=math.inf)
    y = np.ones(3)
    r.scale(y, 2.0)
    r.scale(y, 2.0, offset=1.0)
    r.scale(x=y, f=0.5)
    assert y.tolist() == [2.5, 2.5, 2.5]
    a, b = np.array([1.0, 2.0]), np.array([3.0, 4.0])
    assert ad.Resizer.add(a, b).tolist() == [4.0, 6.0]
    assert ad.Resizer.add(a, b, k=0.5).tolist() == [2.0, 3.0]
    assert r.add(b=b, a=a, k=2.0).tolist() == [8.0, 12.0]
    with pytest.raises(TypeError, match=r"argument 'k'"):
        ad.Resizer.add(a, b, "2")
    if sys.implementation.name != "pypy":  # (PyPy reads no method's text signature: docs/pypy.md)
        assert str(inspect.signature(ad.Resizer.resize)) == \
            "(self, /, src, fy=2.0, fx=2.0, interpolation=-1)"
