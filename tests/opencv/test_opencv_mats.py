"""cv::Mat <-> numpy and OpenCV's small types <-> tuples (docs/opencv.md), on a module built
from tests/opencv/opencv.h with OpenCV's flags.

Not a tests/cases folder: the loops over every case (golden, leaks, public names) build cases
with no library flags, and OpenCV's headers live in /usr/include/opencv4. This folder builds
with `pkg-config opencv4` where that exists (libopencv-dev), else with the folders Debian's
libopencv-core-dev and libopencv-imgproc-dev install, and skips naming the package otherwise.
"""

from __future__ import annotations

import gc
import importlib
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from conftest import sanitizer_build_env, swiggen

from tests.cases.test_golden import compare

np = pytest.importorskip("numpy")
pytestmark = pytest.mark.compile
HERE = Path(__file__).resolve().parent


def opencv_flags() -> list[str]:
    """swiggen's flags for OpenCV core + imgproc, or skip."""
    tool = shutil.which("pkg-config")
    if tool and subprocess.run([tool, "--exists", "opencv4"], check=False).returncode == 0:
        return ["--pkg-config", "opencv4"]
    if Path("/usr/include/opencv4/opencv2/imgproc.hpp").exists():
        return ["-I/usr/include/opencv4", "-lopencv_core", "-lopencv_imgproc"]
    pytest.skip("OpenCV's headers are not installed (apt-get install libopencv-imgproc-dev)")


@pytest.fixture(scope="module")
def m(build_root: Path) -> ModuleType:
    out = build_root / "opencv" / "out"
    proc = swiggen("build", "opencv.h", "--sources", "opencv.cpp", "-m", "opencv", "-o",
                   str(out), "--build-dir", str(build_root / "opencv" / "build"), "-O1",
                   *opencv_flags(), cwd=HERE, env=sanitizer_build_env())
    if proc.returncode != 0:
        pytest.fail(f"build failed:\n{proc.stdout}\n{proc.stderr}")
    sys.path.insert(0, str(out))
    return importlib.import_module("opencv")


def test_generated_interface_and_stub_match_golden(m: ModuleType, build_root: Path,
                                                   update_golden: bool) -> None:
    out = build_root / "opencv" / "out"
    compare((out / "opencv.i").read_text(), HERE / "opencv.i", update_golden)
    compare((out / "opencv.pyi").read_text(), HERE / "opencv.pyi", update_golden)


#: CV_<depth> codes and the dtype each becomes
DEPTHS = [(0, "uint8"), (1, "int8"), (2, "uint16"), (3, "int16"), (4, "int32"),
          (5, "float32"), (6, "float64"), (7, "float16")]


@pytest.mark.parametrize("depth,dtype", DEPTHS)
@pytest.mark.parametrize("channels", [1, 3])
def test_each_depth_out_and_back(m: ModuleType, depth: int, dtype: str, channels: int) -> None:
    a = m.ramp(3, 4, depth + 8 * (channels - 1))
    assert a.dtype == np.dtype(dtype)
    assert a.shape == ((3, 4) if channels == 1 else (3, 4, channels))
    flat = a.reshape(-1).astype(np.float64)
    expect = np.arange(flat.size) % (100 if dtype == "int8" else 1 << 30)
    assert (flat == expect).all()
    # back in: the same memory, and C++ sees the depth and channels
    assert m.address(a) == a.ctypes.data
    assert m.describe(a) == (depth, channels, 3004, 1.0)
    b = m.same(a)
    assert np.shares_memory(a, b) and b.dtype == a.dtype and b.shape == a.shape


def test_numpy_in_zero_copy_both_ways(m: ModuleType) -> None:
    a = np.zeros((4, 5, 3), np.uint8)
    m.add_inplace(a, 7)
    assert (a == 7).all()  # C++ wrote into the numpy array
    b = m.same(a)
    b[1, 2, 0] = 99  # numpy writes into what C++ returned: the same memory
    assert a[1, 2, 0] == 99


def test_roi_is_a_strided_view(m: ModuleType) -> None:
    a = np.arange(100, dtype=np.uint8).reshape(10, 10)
    r = m.region(a, (2, 3, 4, 5))  # x, y, width, height
    assert r.shape == (5, 4) and r.strides == (10, 1)
    assert np.shares_memory(r, a)
    assert (r == a[3:8, 2:6]).all()
    colour = np.arange(6 * 7 * 3, dtype=np.float32).reshape(6, 7, 3)
    rc = m.region(colour, [1, 1, 2, 3])
    assert rc.strides == (7 * 3 * 4, 3 * 4, 4) and (rc == colour[1:4, 1:3]).all()
    # a numpy slice with strided rows goes in without a copy, as a non-continuous Mat
    view = a[::2, 1:9]
    assert m.address(view) == view.ctypes.data
    assert m.describe(view)[3] == 0.0


def test_inputs_that_need_a_copy(m: ModuleType) -> None:
    assert m.describe([[1, 2], [3, 4]])[:2] == (4, 1)  # a list of ints: int32
    assert m.describe(np.zeros((2, 2), np.int64))[0] == 6  # int64 -> float64 (safe)
    assert m.describe(np.zeros((2, 2), bool))[0] == 0  # bool -> uint8
    a = np.arange(12, dtype=np.float64).reshape(3, 4)[:, ::-1]  # negative steps: copied
    assert m.total(a)[0] == 66.0
    assert m.describe(np.ones(5, np.int16)) == (3, 1, 5001, 1.0)  # 1-D: N x 1
    ro = np.arange(4, dtype=np.uint8).reshape(2, 2)
    ro.flags.writeable = False
    assert m.address(ro) == ro.ctypes.data  # a const cv::Mat& views a read-only array
    assert m.byvalue(ro).tolist() == [[7, 1], [2, 3]]  # by value: a copy, which C++ wrote
    assert ro[0, 0] == 0
    data = b"ab"
    assert m.describe(b"abcd")[:3] == (0, 1, 4001) and m.byvalue(data).tolist() == [[7], [98]]
    assert data == b"ab"
    rw = np.zeros((2, 2), np.uint8)
    assert np.shares_memory(m.byvalue(rw), rw) and rw[0, 0] == 7  # writable: shared, as Mats are


def test_input_output_and_inout_arrays(m: ModuleType) -> None:
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert m.total(a) == (15.0, 0.0, 0.0, 0.0)
    out = m.scaled(a, 2.0)  # cv::OutputArray: returned
    assert out.dtype == np.float32 and (out == a * 2).all()
    total, neg = m.negated(a)  # a result and an OutputArray: a tuple
    assert total == 15.0 and (neg == -a).all()
    m.bump(a)  # cv::InputOutputArray: in place
    assert (a == np.arange(6).reshape(2, 3) + 1).all()


def test_typed_mats(m: ModuleType) -> None:
    g = m.gray(2, 3)
    assert g.dtype == np.uint8 and g.shape == (2, 3) and g[1, 2] == 5
    c = m.colour(np.ones((2, 2, 3), np.float32))
    assert c.dtype == np.float32 and (c == 2).all()
    assert (m.colour(np.ones((2, 2, 3), np.uint8)) == 2).all()  # uint8 -> float32: safe
    with pytest.raises(ValueError, match=r"colour\(\) argument 'm'.*3 channels"):
        m.colour(np.ones((2, 2), np.float32))
    with pytest.raises(TypeError, match=r"colour\(\) argument 'm'.*float32.*float64"):
        m.colour(np.ones((2, 2, 3), np.float64))


def test_small_types_are_tuples(m: ModuleType) -> None:
    assert m.grow((1, 2, 3, 4), 1) == (0, 1, 5, 6)
    assert m.grow(np.array([1, 2, 3, 4]), 0) == (1, 2, 3, 4)
    assert m.size_of(np.zeros((3, 5))) == (5, 3)  # width, height
    assert m.centre([0, 0, 4, 6]) == (2.0, 3.0)
    assert m.shift((1, 2), (3, 4)) == (4, 6)
    assert m.mean(np.full((2, 2, 3), 3, np.uint8)) == (3.0, 3.0, 3.0, 0.0)
    px = np.zeros((2, 2, 3), np.uint8)
    px[1, 0] = (1, 2, 3)
    assert m.pixel(px, 1, 0) == (1, 2, 3)


@pytest.mark.parametrize("bad,error,text", [
    ("abc", TypeError, r"describe\(\) argument 'm' \(position 1\) must be an image array.*got str"),
    (object(), TypeError, r"describe\(\) argument 'm'.*got object"),
    (np.zeros((2, 2, 2, 2)), ValueError, r"describe\(\) argument 'm'.*got 4-D"),
    (np.zeros((2, 2), complex), TypeError, r"describe\(\) argument 'm'.*complex128"),
    (np.zeros((2, 2, 600)), ValueError, r"describe\(\) argument 'm'"),
])
def test_wrong_inputs(m: ModuleType, bad: object, error: type, text: str) -> None:
    with pytest.raises(error, match=text):
        m.describe(bad)


def test_wrong_in_place_and_small_inputs(m: ModuleType) -> None:
    with pytest.raises(TypeError, match=r"add_inplace\(\) argument 'm'.*modified in place"):
        m.add_inplace(np.zeros((2, 2), np.int64), 1)
    with pytest.raises(ValueError, match=r"add_inplace\(\) argument 'm'.*contiguous"):
        m.add_inplace(np.zeros((2, 4), np.uint8)[:, ::-2], 1)
    ro = np.zeros((2, 2), np.uint8)
    ro.flags.writeable = False
    with pytest.raises((TypeError, ValueError), match=r"add_inplace\(\) argument 'm'"):
        m.add_inplace(ro, 1)
    with pytest.raises(TypeError, match=r"add_inplace\(\) argument 'm'"):
        m.add_inplace([[1, 2]], 1)
    with pytest.raises(TypeError, match=r"grow\(\) argument 'r'.*4 ints.*3"):
        m.grow((1, 2, 3), 1)
    with pytest.raises(TypeError, match=r"grow\(\) argument 'r'"):
        m.grow((1.5, 2, 3, 4), 1)


def test_overloads_dispatch_on_arrays(m: ModuleType) -> None:
    assert m.kind_of(3) == 1
    assert m.kind_of(np.zeros((2, 2))) == 2
    assert m.kind_of([[1, 2], [3, 4]]) == 2
    assert m.kind_of((1, 2, 3, 4), 0.5) == 3
    with pytest.raises(TypeError):
        m.kind_of("text")


def test_unconverted_uses_are_left_out_saying_why(m: ModuleType, tmp_path: Path) -> None:
    assert not hasattr(m, "by_pointer") and not hasattr(m, "typed_inplace")
    flags = [f for f in opencv_flags() if not f.startswith("-l")]
    proc = swiggen("generate", "opencv.h", "-m", "opencv", "-o", str(tmp_path), *flags,
                   cwd=HERE)
    assert proc.returncode == 0, proc.stderr
    said = proc.stderr
    assert "SG311" in said and "by_pointer" in said and "by pointer" in said
    assert "typed_inplace" in said and "only cv::Mat& is written in place" in said


def test_cv_exception_is_a_python_error(m: ModuleType) -> None:
    with pytest.raises(RuntimeError, match="Assertion failed"):
        m.first(np.zeros((0, 0)))


def test_owners_outlive_everything(m: ModuleType) -> None:
    h = m.Holder()
    a = np.arange(4, dtype=np.uint8).reshape(2, 2)
    h.set(a)
    del a  # C++ keeps the Mat, and the Mat keeps the numpy buffer
    gc.collect()
    got = h.get()
    del h
    gc.collect()
    assert got.tolist() == [[0, 1], [2, 3]]
    h = m.Holder()
    h.m_ = np.zeros((2, 3), np.int16)  # a field: the Mat shares the array's memory
    field = h.m_
    field[0, 0] = 5  # the array over the field's Mat writes into it
    assert h.get()[0, 0] == 5 and h.m_.shape == (2, 3)
    del h
    gc.collect()
    assert field[0, 0] == 5
    r = m.region(m.ramp(50, 50, 0), (10, 10, 5, 5))  # the ROI keeps the whole Mat
    gc.collect()
    assert r[0, 0] == (10 * 50 + 10) % 256


def test_round_trips_keep_live_objects_flat(m: ModuleType) -> None:
    a = np.zeros((8, 8, 3), np.uint8)

    def once() -> None:
        b = m.same(a)
        m.add_inplace(b, 1)
        m.scaled(b, 0.5)
        m.grow((1, 2, 3, 4), 1)
        m.region(m.ramp(4, 4, 5), (1, 1, 2, 2))

    for _ in range(100):
        once()
    gc.collect()
    before, refs = len(gc.get_objects()), sys.getrefcount(a)
    for _ in range(10_000):
        once()
    gc.collect()
    assert len(gc.get_objects()) <= before + 10
    assert sys.getrefcount(a) == refs
