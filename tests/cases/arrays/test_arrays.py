"""numpy arrays in, in place and out; 2-D/3-D; numpy results; nogil (tests/cases/arrays)."""

from __future__ import annotations

import array
import inspect
import threading
import time
from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.compile

#: suffix of the per-dtype functions in arrays.h -> numpy dtype
DTYPES = {
    "bool": np.bool_, "i8": np.int8, "u8": np.uint8, "i16": np.int16, "u16": np.uint16,
    "i32": np.int32, "u32": np.uint32, "i64": np.int64, "u64": np.uint64,
    "f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128,
}


@pytest.fixture(scope="module")
def ar(case_module):  # type: ignore[no-untyped-def]
    return case_module("arrays")


def _values(dtype: type) -> np.ndarray:
    return np.array([1, 0, 1, 1], dtype=dtype) if dtype is np.bool_ else \
        np.array([1, 2, 3, 4], dtype=dtype)


@pytest.mark.parametrize("suffix", DTYPES)
def test_const_input_of_the_right_dtype_is_not_copied(ar, suffix: str) -> None:
    a = _values(DTYPES[suffix])
    assert getattr(ar, f"addr_{suffix}")(a) == a.ctypes.data
    assert getattr(ar, f"sum_{suffix}")(a) == (3 if suffix == "bool" else 10)


@pytest.mark.parametrize("suffix", DTYPES)
def test_inplace_writes_are_visible_to_the_caller(ar, suffix: str) -> None:
    a = _values(DTYPES[suffix])
    before = a.copy()
    assert getattr(ar, f"twice_{suffix}")(a) is None
    np.testing.assert_array_equal(a, ~before if suffix == "bool" else before * 2)


@pytest.mark.parametrize("suffix", DTYPES)
def test_out_array_is_allocated_and_returned(ar, suffix: str) -> None:
    out = getattr(ar, f"iota_{suffix}")(5)
    assert isinstance(out, np.ndarray) and out.dtype == DTYPES[suffix] and out.shape == (5,)
    expected = np.arange(5) % 2 if suffix == "bool" else np.arange(5)
    np.testing.assert_array_equal(out, expected.astype(DTYPES[suffix]))
    assert getattr(ar, f"iota_{suffix}")(0).shape == (0,)


def test_const_input_converts_array_likes_safely(ar) -> None:
    assert ar.sum_f64([1, 2, 3.5]) == 6.5  # a list
    assert ar.sum_f64((True, 2)) == 3.0  # bools and ints go up to float
    assert ar.sum_f64(np.arange(4, dtype=np.int32)) == 6.0  # int32 -> float64 is safe
    assert ar.sum_f64(np.arange(8.0)[::2]) == 12.0  # non-contiguous: copied
    assert ar.sum_f64(array.array("d", [1.5, 2.5])) == 4.0  # any buffer, zero-copy
    assert ar.sum_i32([1, 2, 3]) == 6.0  # Python ints in range
    assert ar.sum_c128([1 + 2j, 3]) == 4.0
    assert ar.sum_f64(np.empty(0)) == 0.0


def test_unsafe_conversions_name_the_expected_dtype(ar) -> None:
    with pytest.raises(TypeError, match=r"sum_i32\(\): argument 'data' must be an array of "
                                        r"int32; float64 does not convert"):
        ar.sum_i32(np.arange(3.0))
    with pytest.raises(TypeError, match="must be an array of float32; float64"):
        ar.sum_f32(np.ones(3))  # float64 -> float32 loses precision
    with pytest.raises(TypeError, match="int32"):
        ar.sum_i32([1.5, 2])  # floats into ints
    with pytest.raises(TypeError, match="float64"):
        ar.sum_f64([1j])  # complex into float
    with pytest.raises(TypeError, match="float64 .*got str"):
        ar.sum_f64("abc")
    with pytest.raises(TypeError, match="float64 .*got object"):
        ar.sum_f64(object())
    with pytest.raises(OverflowError, match="sum_u8\\(\\): argument 'data'"):
        ar.sum_u8([1, 300])
    with pytest.raises(ValueError, match="must be a 1-D array of float64, got 2-D"):
        ar.sum_f64(np.ones((2, 2)))


def test_inplace_rejections_name_what_was_expected(ar) -> None:
    with pytest.raises(TypeError, match=r"twice_f64\(\): argument 'data' must be an array of "
                                        r"float64 .*got an array of int64"):
        ar.twice_f64(np.arange(3))
    with pytest.raises(TypeError, match="writable, C-contiguous 1-D array of float64 .*got list"):
        ar.twice_f64([1.0, 2.0])
    with pytest.raises(ValueError, match="C-contiguous"):
        ar.twice_f64(np.arange(6.0)[::2])
    readonly = np.ones(3)
    readonly.setflags(write=False)
    with pytest.raises(ValueError, match="writable array of float64, got a read-only one"):
        ar.twice_f64(readonly)
    with pytest.raises(ValueError, match="must be a 1-D array of float64, got 2-D"):
        ar.twice_f64(np.ones((2, 2)))
    with pytest.raises(TypeError, match="float32"):
        ar.negate(np.ones(2))


def test_out_array_length_is_checked(ar) -> None:
    with pytest.raises(TypeError, match="must be an int, got str"):
        ar.iota_f64("3")
    with pytest.raises(ValueError, match="must not be negative"):
        ar.iota_f64(-1)


def test_directives_with_unrecognised_names(ar) -> None:
    assert ar.total([1.0, 2.0]) == 3.0
    x = np.array([1.0, -2.0], dtype=np.float32)
    ar.negate(x)
    np.testing.assert_array_equal(x, [-1.0, 2.0])
    total, out = ar.squares(4)  # a result and an out array come back as a tuple
    assert total == 14.0
    np.testing.assert_array_equal(out, [0, 1, 4, 9])
    a = np.zeros(3)
    assert ar.address_of(a) == a.ctypes.data


def test_unrecognised_pointer_stays_a_pointer(ar) -> None:
    with pytest.raises(TypeError):
        ar.opaque([1.0], 1)


def test_matrix_product_over_2d_arrays(ar) -> None:
    a = np.arange(6.0).reshape(2, 3)
    b = np.arange(12.0).reshape(3, 4)
    c = np.empty((2, 4))
    ar.matmul(a, b, c)
    np.testing.assert_array_equal(c, a @ b)
    ar.matmul([[1, 2]], [[3], [4]], c[:1, :1].copy())  # nested lists convert
    with pytest.raises(ValueError, match="shapes do not match"):
        ar.matmul(a, a, c)
    with pytest.raises(ValueError, match="2-D array of float64, got 1-D"):
        ar.matmul(a.ravel(), b, c)
    with pytest.raises(ValueError, match="C-contiguous"):
        ar.matmul(a, b, np.empty((4, 2)).T)
    assert ar.sum2(np.ones((3, 5))) == 15.0


def test_lengths_must_fit_the_size_parameters_type(ar) -> None:
    assert ar.sum_small(np.ones(255)) == 255.0
    for n in (256, 300, 70000):  # an unsigned char would wrap to 0, 44, 112
        with pytest.raises(OverflowError, match="'n' can hold \\(at most 255\\)"):
            ar.sum_small(np.ones(n))
    assert ar.sum2_small(np.ones((127, 2))) == 254.0
    with pytest.raises(OverflowError, match="dimension 0.*'rows'.*at most 127"):
        ar.sum2_small(np.ones((128, 2)))
    with pytest.raises(OverflowError, match="dimension 1.*'cols'.*at most 32767"):
        ar.sum2_small(np.ones((1, 32768)))


def test_image_resize_over_uint8_hwc(ar) -> None:
    img = np.arange(4 * 6 * 3, dtype=np.uint8).reshape(4, 6, 3)
    small = np.zeros((2, 3, 3), dtype=np.uint8)
    ar.resize(img, small)
    np.testing.assert_array_equal(small, img[::2, ::2])
    with pytest.raises(TypeError, match="uint8"):
        ar.resize(img.astype(np.float32), small)
    with pytest.raises(ValueError, match="3-D array of uint8, got 2-D"):
        ar.resize(img, np.zeros((2, 3), dtype=np.uint8))
    f = np.zeros((2, 3, 4), dtype=np.float32)
    assert ar.addr3(f) == f.ctypes.data


def test_vector_results_as_numpy_arrays_without_a_copy(ar) -> None:
    x = ar.linspace(0.0, 1.0, 5)
    assert isinstance(x, np.ndarray) and x.dtype == np.float64
    np.testing.assert_array_equal(x, [0, 0.25, 0.5, 0.75, 1])
    assert x.ctypes.data == ar.last_linspace_data()  # the vector's own buffer, moved
    x[0] = 7.0  # writable, owned by the array
    assert ar.evens(3).dtype == np.int32
    assert ar.as_list(0.0, 1.0, 3) == [0.0, 0.5, 1.0]  # no directive: still a list
    del x


def test_methods_and_constructors_take_arrays(ar) -> None:
    s = ar.Stats(np.array([1.0, 2.0]))
    s.add([3.0, 6.0])
    assert s.mean() == 3.0
    v = s.values()
    assert isinstance(v, np.ndarray) and v.tolist() == [1.0, 2.0, 3.0, 6.0]


def test_nogil_calls_overlap_in_threads(ar) -> None:
    def wall(fn) -> float:  # type: ignore[no-untyped-def]
        threads = [threading.Thread(target=fn, args=(200,)) for _ in range(4)]
        start = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        return time.perf_counter() - start

    assert wall(ar.nap) < 0.6  # four 200 ms naps side by side
    assert wall(ar.nap_gil) >= 0.8  # holding the GIL, they take turns


def test_nogil_still_translates_exceptions(ar) -> None:
    assert ar.first(np.array([2.5])) == 2.5
    with pytest.raises(ValueError, match="empty array"):
        ar.first(np.empty(0))


def test_shared_dimensions_agree_or_raise_naming_both_arrays(ar) -> None:
    a, b = np.arange(6.0).reshape(2, 3), np.arange(12.0).reshape(3, 4)
    c = np.zeros((2, 4))
    assert ar.gemm(a, b, c) is None
    assert np.array_equal(c, a @ b)
    with pytest.raises(ValueError, match=r"gemm\(\): 'a' has shape \(2, 3\) and 'b' has shape "
                       r"\(4, 4\), but axis 1 of 'a' and axis 0 of 'b' are both 'k' and must be "
                       r"equal \(3 != 4\)"):
        ar.gemm(a, np.zeros((4, 4)), c)
    with pytest.raises(ValueError, match="axis 0 of 'a' and axis 0 of 'c' are both 'm'"):
        ar.gemm(a, b, np.zeros((3, 4)))
    with pytest.raises(ValueError, match="axis 1 of 'b' and axis 1 of 'c' are both 'n'"):
        ar.gemm(a, b, np.zeros((2, 5)))
    assert np.array_equal(c, a @ b)  # nothing was written by the refused calls
    assert ar.dot([1, 2, 3], np.ones(3)) == 6.0
    assert ar.dot(a=[2.0], b=[4.0]) == 8.0  # keywords name the arrays
    with pytest.raises(ValueError, match=r"'a' has shape \(2,\) and 'b' has shape \(3,\)"):
        ar.dot([1, 2], [1, 2, 3])
    assert ar.trace(np.eye(4) * 2) == 8.0
    with pytest.raises(ValueError, match=r"'m' has shape \(2, 3\), but its axes 0 and 1 are "
                       "both 'n'"):
        ar.trace(np.ones((2, 3)))


def test_out_arrays_shaped_by_other_arrays_and_arguments(ar) -> None:
    result = ar.add([1, 2], np.array([3, 4], np.float32))
    assert type(result) is tuple  # (result, out array), as for out-parameters
    written, out = result
    assert written == 2 and out.dtype == np.float32 and out.tolist() == [4.0, 6.0]
    with pytest.raises(OverflowError, match="size parameter 'n' can hold \\(at most 255\\)"):
        ar.add(np.ones(256, np.float32), np.ones(256, np.float32))
    rng = np.random.default_rng(7)
    img = rng.integers(0, 256, (5, 7, 3), dtype=np.uint8)
    for oh, ow in ((5, 7), (2, 3), (1, 1), (10, 14)):
        small = ar.shrink(img, oh, ow)
        assert small.shape == (oh, ow, 3) and small.dtype == np.uint8
        ys, xs = np.arange(oh) * 5 // oh, np.arange(ow) * 7 // ow
        assert np.array_equal(small, img[ys][:, xs])
    assert ar.shrink(np.zeros((2, 2, 1), np.uint8), 3, 3).shape == (3, 3, 1)
    with pytest.raises(ValueError, match=r"shrink\(\): the out array 'dst' cannot have a negative "
                       r"size: axis 0 is oh = -1"):
        ar.shrink(img, -1, 2)
    with pytest.raises(ValueError, match="3-D"):
        ar.shrink(img[0], 2, 2)


def test_shared_dimensions_on_methods_and_constructors(ar) -> None:
    w = ar.Weighted([1, 2], [3, 4])
    assert w.total() == 11.0
    assert w.scale([1.0, 0.5]).tolist() == [11.0, 5.5]
    assert ar.Weighted.distance2([0, 0], [3, 4]) == 25.0
    with pytest.raises(ValueError, match="Weighted\\(\\): 'x' has shape \\(2,\\) and 'w' has "
                       "shape \\(1,\\)"):
        ar.Weighted([1, 2], [3])
    with pytest.raises(ValueError, match="distance2"):
        ar.Weighted.distance2([0], [3, 4])


def test_shim_signatures_in_the_stub(ar) -> None:
    import inspect

    assert ar.gemm.__doc__.startswith("BLAS-style product")
    stub = (Path(ar.__file__).parent / "arrays.pyi").read_text()
    assert "def shrink(src: numpy.typing.ArrayLike, oh: int, ow: int) -> " \
        "numpy.typing.NDArray[numpy.uint8]:" in stub
    assert "def gemm(a: numpy.typing.ArrayLike, b: numpy.typing.ArrayLike, " \
        "c: numpy.typing.NDArray[numpy.float64]) -> None:" in stub
    assert inspect.isbuiltin(ar.gemm)


def test_out_array_sizes_computed_by_expressions(ar) -> None:
    assert ar.cumsum([1.0, 2.0, 3.5]).tolist() == [1.0, 3.0, 6.5]
    assert ar.cumsum(np.array([2.0, 2.0])).tolist() == [2.0, 4.0]
    assert ar.cumsum([]).shape == (0,)
    out = ar.doubled(np.array([4, 5], dtype=np.intc), 3)
    assert out.dtype == np.intc and out.tolist() == [4, 4, 5, 5, -1, -1, -1]
    with pytest.raises(ValueError, match=r"doubled\(\): the out array 'dst' cannot have a "
                       r"negative size: axis 0 is m = src.shape\[0\] \* 2 \+ pad = -3"):
        ar.doubled(np.array([1], dtype=np.intc), -5)
    # neither computed size is a Python argument
    assert str(inspect.signature(ar.cumsum)) == "(a)"
    assert str(inspect.signature(ar.doubled)) == "(src, pad)"


def test_strided_input_takes_views_without_a_copy(ar) -> None:
    a = np.arange(60, dtype=np.float32).reshape(6, 10)
    for view in (a, a[1:5, 2:9], a[::2, ::3], a.T, a[::-1, ::-2]):
        assert ar.sum_view(view) == float(view.sum())
    assert ar.sum_view([[1, 2], [3, 4]]) == 10.0  # other array-likes are converted
    b = np.arange(10.0)
    crop = b[2::3]
    assert ar.addr_view(crop) == crop.__array_interface__["data"][0]  # the caller's memory
    with pytest.raises(OverflowError, match="steps -1 elements.*'step'"):
        ar.addr_view(b[::-1])  # a negative step does not fit the unsigned parameter
    with pytest.raises(ValueError, match="2-D"):
        ar.sum_view(np.ones(3, np.float32))
    stub = (Path(ar.__file__).parent / "arrays.pyi").read_text()
    assert "def sum_view(p: numpy.typing.ArrayLike) -> float:" in stub
