"""The buffer protocol on wrapped classes (the `buffer` directive; tests/cases/buffers): an
H x W x C uint8 image, a float matrix with padded rows (strides), a std::vector<double> field
that can be resized, read-only storage (a pointer to const, `readonly`, a const view), complex
samples and an array field. memoryview and numpy view the C++ storage without a copy, a view
keeps its object alive, and resizing while a view exists raises BufferError."""

from __future__ import annotations

import gc
import hashlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.compile

PYPY = sys.implementation.name == "pypy"
cpython_only = pytest.mark.skipif(PYPY, reason="reference counts say nothing on PyPy")
numpy_releases = pytest.mark.skipif(PYPY, reason="numpy on PyPy 7.3 never releases the buffer "
                                    "of a C object it viewed (docs/buffers.md)")


@pytest.fixture(scope="module")
def np():  # type: ignore[no-untyped-def]
    return pytest.importorskip("numpy")  # (the memoryview tests run without it)


@pytest.fixture(scope="module")
def bf(case_module):  # type: ignore[no-untyped-def]
    return case_module("buffers")


def test_image_is_a_uint8_h_w_c_view(bf) -> None:
    img = bf.Image(2, 3, 4)
    mv = memoryview(img)
    assert (mv.format, mv.shape, mv.strides, mv.itemsize) == ("B", (2, 3, 4), (12, 4, 1), 1)
    assert not mv.readonly and mv.c_contiguous and mv.nbytes == 24
    assert mv.obj is img


def test_numpy_writes_are_the_objects_and_back(bf, np) -> None:
    img = bf.Image(2, 3, 4)
    a = np.asarray(img)
    assert a.dtype == np.uint8 and a.shape == (2, 3, 4) and a.flags.writeable
    a[1, 2, 3] = 200
    assert img.at(1, 2, 3) == 200  # no copy: numpy wrote the C++ pixels
    img.set(0, 1, 2, 77)
    assert a[0, 1, 2] == 77  # and sees what C++ writes
    b = np.asarray(img)
    assert np.shares_memory(a, b)


def test_matrix_rows_padded_by_strides(bf, np) -> None:
    m = bf.Matrix(3, 5)
    assert m.stride() == 8
    mv = memoryview(m)
    assert (mv.format, mv.shape, mv.strides) == ("f", (3, 5), (32, 4))
    assert not mv.c_contiguous and not mv.contiguous
    a = np.asarray(m)
    assert a.dtype == np.float32 and a.strides == (32, 4)
    assert (a == 0).all()  # the padding (-1 in C++) is not in the view
    a[2, 4] = 1.5
    a[0, 0] = 2.0
    assert m.get(2, 4) == 1.5 and m.sum() == 3.5


def test_strided_storage_refuses_a_contiguous_request(bf, np) -> None:
    m = bf.Matrix(2, 3)
    with pytest.raises(BufferError, match="Matrix: the storage is strided"):
        hashlib.md5(m)  # (asks for PyBUF_SIMPLE)
    assert np.ascontiguousarray(m).flags.c_contiguous  # a copy, asked for
    hashlib.md5(bf.Image(1, 2, 3))  # a C-contiguous one is a simple buffer too


def test_vector_field_is_one_dimension_of_its_size(bf) -> None:
    s = bf.Samples()
    s.values = [1.0, 2.0, 3.0]
    mv = memoryview(s)
    assert (mv.format, mv.shape, mv.tolist()) == ("d", (3,), [1.0, 2.0, 3.0])
    mv[1] = 20.0
    assert s.total() == 24.0
    mv.release()
    empty = memoryview(bf.Samples())
    assert empty.shape == (0,) and bytes(empty) == b""


@pytest.mark.parametrize("call", ["resize", "push_back", "clear", "assign"])
def test_resizing_while_viewed_raises_buffer_error(bf, call: str) -> None:
    s = bf.Samples()
    s.values = [1.0, 2.0]
    mv = memoryview(s)
    act = {"resize": lambda: s.resize(100), "push_back": lambda: s.push_back(4.0),
           "clear": lambda: s.clear(), "assign": lambda: setattr(s, "values", [9.0] * 50)}[call]
    what = "assigning Samples.values" if call == "assign" else f"Samples.{call}()"
    with pytest.raises(BufferError, match=re.escape(what) + " would move or free the storage that 1 buffer "
                       "view of the object uses: release it first"):
        act()
    assert mv.tolist() == [1.0, 2.0]  # nothing happened
    s.name = "renamed"  # what does not touch the storage runs
    assert s.total() == 3.0
    mv.release()
    if PYPY:  # (PyPy releases a C object's view when it collects it: docs/buffers.md)
        del mv
        gc.collect()
    act()  # released: the call runs
    assert s.size() in (0, 3, 50, 100)


@numpy_releases
def test_every_view_counts_until_the_last_is_released(bf, np) -> None:
    img = bf.Image(2, 2, 1)
    a = np.asarray(img)
    mv = memoryview(img)
    with pytest.raises(BufferError, match="2 buffer views of the object use: release them "
                       "first"):
        img.resize(4, 4)
    mv.release()
    with pytest.raises(BufferError, match=r"Image\.resize\(\) would move"):
        img.resize(4, 4)
    img.fill(9)  # not a resizing method
    assert (a == 9).all()
    del a
    gc.collect()
    img.resize(4, 4)
    assert memoryview(img).shape == (4, 4, 1)


def test_a_method_marked_resizes(bf) -> None:
    img = bf.Image(1, 2, 1)
    with memoryview(img), pytest.raises(BufferError, match=r"Image\.Reshape\(\) would move"):
        img.Reshape(8)
    gc.collect()  # (PyPy: the view goes when collected)
    img.Reshape(8)
    assert img.width() == 8


def test_a_field_marked_resizes(bf) -> None:
    s = bf.Samples()
    with memoryview(s), pytest.raises(BufferError, match="assigning Samples.reserve_hint "
                                      "would move"):
        s.reserve_hint = 64
    gc.collect()  # (PyPy: the view goes when collected)
    s.reserve_hint = 64
    assert s.reserve_hint == 64


def test_another_object_is_not_blocked(bf) -> None:
    a, b = bf.Samples(), bf.Samples()
    with memoryview(a):
        b.resize(10)
        assert b.size() == 10


def test_a_derived_class_exports_as_its_base(bf) -> None:
    t = bf.Thumbnail()
    mv = memoryview(t)
    assert (mv.format, mv.shape, mv.obj) == ("B", (2, 2, 3), t)
    mv[1, 1, 2] = 42
    assert t.at(1, 1, 2) == 42 and t.scale() == 4
    with pytest.raises(BufferError, match=r"Image\.resize\(\) would move"):
        t.resize(1, 1)  # (the base's wrapper, checked for the derived object)
    mv.release()
    if PYPY:
        del mv
        gc.collect()
    t.resize(1, 1)
    assert memoryview(t).shape == (1, 1, 3)


def test_pointer_to_const_is_read_only(bf, np) -> None:
    t = bf.Table(4)
    mv = memoryview(t)
    assert (mv.readonly, mv.format, mv.tolist()) == (True, "i", [0, 10, 20, 30])
    with pytest.raises(TypeError, match="read-only"):
        mv[0] = 1
    assert not np.asarray(t).flags.writeable
    with pytest.raises(TypeError, match="read-write bytes-like object"):
        io.BytesIO(b"abcd").readinto(t)  # asks for a writable buffer: BufferError inside


def test_readonly_directive(bf) -> None:
    mv = memoryview(bf.Frozen(3))
    assert (mv.readonly, mv.format, mv.tolist()) == (True, "H", [7, 7, 7])


def test_const_view_exports_read_only(bf) -> None:
    album = bf.Album()
    assert memoryview(album.cover()).readonly
    edit = memoryview(album.editable())
    assert not edit.readonly and edit.shape == (2, 2, 1)
    edit[1, 1, 0] = 5
    assert album.cover().at(1, 1, 0) == 5


def test_complex_and_array_field_formats(bf, np) -> None:
    sig = np.asarray(bf.Signal(3))
    assert sig.dtype == np.complex128 and sig.shape == (3, 2)
    assert (sig == 1 - 1j).all()
    k = memoryview(bf.Kinds())
    assert k.format in ("l", "q") and k.itemsize == 8 and k.tolist() == [1, 2, 3]


def test_empty_image(bf) -> None:
    mv = memoryview(bf.Image(0, 0, 3))
    assert mv.shape == (0, 0, 3) and mv.nbytes == 0


def test_uninitialised_object_raises(bf) -> None:
    with pytest.raises(TypeError, match="bf::Image"):
        memoryview(bf.Image.__new__(bf.Image))


def test_view_keeps_its_object_alive(bf, np) -> None:
    img = bf.Image(3, 3, 3)
    img.fill(1)
    a = np.asarray(img)
    mv = memoryview(bf.Matrix(2, 2))
    del img
    gc.collect()
    a[:] = 4  # the pixels are still the Image's (ASan's tier checks it is no freed memory)
    assert int(a.sum()) == 4 * 27
    assert mv.obj.rows() == 2 and mv.tolist() == [[0.0, 0.0], [0.0, 0.0]]


@cpython_only
def test_ten_thousand_views_leave_nothing_behind(bf, np) -> None:
    img = bf.Image(4, 4, 3)
    s = bf.Samples()
    s.values = [1.0] * 8

    def cycle() -> None:
        with memoryview(img) as mv:
            mv[0, 0, 0] = 1
        a = np.asarray(s)
        a[0] += 1.0
        del a
        with memoryview(bf.Matrix(2, 3)) as m:
            assert m.shape == (2, 3)

    for _ in range(100):
        cycle()
    gc.collect()
    before = (sys.getrefcount(img), sys.getrefcount(s), sys.getrefcount(bf.Image),
              sys.getrefcount(bf.Samples), sys.getrefcount(bf.Matrix))
    for _ in range(10_000):
        cycle()
    gc.collect()
    after = (sys.getrefcount(img), sys.getrefcount(s), sys.getrefcount(bf.Image),
             sys.getrefcount(bf.Samples), sys.getrefcount(bf.Matrix))
    assert after == before
    s.resize(2)  # every view was released: nothing blocks it
    img.resize(1, 1)


@cpython_only
def test_the_stub_makes_the_class_a_buffer_for_type_checkers(bf, tmp_path) -> None:
    """`__buffer__` in NAME.pyi (PEP 688): mypy --strict takes the class where a buffer is
    wanted, and still refuses a class that is not one."""
    pytest.importorskip("mypy")
    good = tmp_path / "good.py"
    good.write_text("import buffers\nm: memoryview = memoryview(buffers.Image(1, 2, 3))\n"
                    "b: bytes = bytes(buffers.Table(2))\n")
    bad = tmp_path / "bad.py"
    bad.write_text("import buffers\nm = memoryview(buffers.Album())\n")
    env = {**os.environ, "MYPYPATH": str(Path(bf.__file__).parent)}
    run = [sys.executable, "-m", "mypy", "--strict", "--no-incremental",
           "--cache-dir", str(tmp_path / "cache")]
    ok = subprocess.run([*run, str(good)], check=False, capture_output=True, text=True, env=env)
    assert ok.returncode == 0, ok.stdout
    wrong = subprocess.run([*run, str(bad)], check=False, capture_output=True, text=True, env=env)
    assert wrong.returncode == 1 and "memoryview" in wrong.stdout, wrong.stdout
