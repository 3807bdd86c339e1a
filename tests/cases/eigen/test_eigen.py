"""Eigen's dense types as numpy arrays with no annotation (tests/cases/eigen, docs/eigen.md):
each conversion both ways, every dtype, fixed and dynamic sizes, row- and column-major,
non-contiguous inputs, wrong inputs, views keeping their owners alive, and round trips that
leave no object behind."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

pytestmark = [
    pytest.mark.compile,
    pytest.mark.skipif(not Path("/usr/include/eigen3/Eigen/Dense").exists(),
                       reason="Eigen's headers are not installed (apt-get install libeigen3-dev)"),
]


@pytest.fixture(scope="module")
def eg(case_module):  # type: ignore[no-untyped-def]
    return case_module("eigen")


def owner_of(a):  # type: ignore[no-untyped-def]
    """The object exporting an array's memory (numpy's base is a memoryview of it)."""
    base = a.base
    return base.obj if isinstance(base, memoryview) else base


# -- parameters ---------------------------------------------------------------------------------

def test_solve_takes_arrays_lists_and_other_dtypes(eg) -> None:
    a = np.array([[2.0, 1.0], [1.0, 3.0]])
    b = np.array([1.0, 2.0])
    x = eg.solve(a, b)
    assert isinstance(x, np.ndarray) and x.dtype == np.float64 and x.shape == (2,)
    np.testing.assert_allclose(a @ x, b)
    np.testing.assert_allclose(eg.solve([[2, 1], [1, 3]], [1, 2]), x)  # lists of ints: safe
    np.testing.assert_allclose(eg.solve(a.astype(np.float32), b.astype(np.int32)), x)


def test_const_inputs_take_non_contiguous_views(eg) -> None:
    big = np.arange(36.0).reshape(6, 6)
    a, b = big[::2, 1::2], big[1::2, ::2].T  # a slice, a transpose of a slice
    np.testing.assert_allclose(eg.matmul(a, b), a @ b)
    np.testing.assert_allclose(eg.matmul(big.T, big), big.T @ big)
    np.testing.assert_allclose(eg.matmul(big[::-1], big), big[::-1] @ big)  # negative steps
    assert eg.trace(big[::2, ::2]) == np.trace(big[::2, ::2])
    assert eg.sum_strided(big[1::2, ::3]) == big[1::2, ::3].sum()
    assert eg.first(np.arange(10.0)[3::2]) == 3.0  # a Map of const: copied when strided


def test_a_readonly_array_is_fine_for_a_const_input(eg) -> None:
    a = np.eye(3)
    a.flags.writeable = False
    assert eg.trace(a) == 3.0
    assert eg.matmul(a, a).tolist() == np.eye(3).tolist()


def test_const_input_conversion_follows_the_safe_cast_rule(eg) -> None:
    with pytest.raises(TypeError, match=r"solve\(\): argument 'a'.*float64"):
        eg.solve(np.ones((2, 2), dtype=np.complex128), [1.0, 2.0])
    with pytest.raises(TypeError, match=r"twice_i\(\): argument 'm'.*int32"):
        eg.twice_i(np.ones((2, 2)))  # float64 -> int32 is not safe
    with pytest.raises(TypeError, match="solve"):
        eg.solve("ab", [1.0])
    with pytest.raises(ValueError, match=r"solve\(\): argument 'b' must be a 1-D array"):
        eg.solve(np.eye(2), np.eye(2))
    with pytest.raises(ValueError, match=r"must be a 2-D array of float64, got 1-D"):
        eg.solve(np.ones(4), np.ones(4))


def test_a_cpp_exception_is_a_python_one(eg) -> None:
    with pytest.raises(ValueError, match="do not agree"):
        eg.solve(np.eye(3), np.ones(2))
    with pytest.raises(ValueError, match="shapes do not agree"):
        eg.matmul(np.ones((2, 3)), np.ones((2, 3)))


# -- writable Ref: written through, never copied -------------------------------------------------

def test_ref_writes_through_a_fortran_array(eg) -> None:
    m = np.asfortranarray(np.arange(6.0).reshape(2, 3))
    eg.scale(m, 2.0)
    assert m.tolist() == [[0.0, 2.0, 4.0], [6.0, 8.0, 10.0]]
    c = np.arange(6.0).reshape(3, 2)
    eg.scale(c.T, 10.0)  # a transpose of a C array is column-major
    assert c.tolist() == [[0.0, 10.0], [20.0, 30.0], [40.0, 50.0]]
    f = np.asfortranarray(np.ones((4, 4)))
    eg.scale(f[:, 1:3], 5.0)  # columns of a Fortran array: inner stride 1
    assert f.sum() == 8 + 5 * 8


def test_row_major_ref_and_vector_ref(eg) -> None:
    r = np.ones((2, 3))
    eg.scale_rows(r, 3.0)
    assert (r == 3.0).all()
    eg.scale_rows(r[:, :2], 2.0)  # row-major rows with an outer stride
    assert r.tolist() == [[6.0, 6.0, 3.0], [6.0, 6.0, 3.0]]
    v = np.arange(4.0)
    eg.scale_vector(v, -1.0)
    assert v.tolist() == [0.0, -1.0, -2.0, -3.0]


def test_a_stride_ref_takes_any_view(eg) -> None:
    big = np.zeros((5, 6))
    eg.fill_strided(big[::2, 1::3], 7.0)
    assert big.sum() == 7.0 * 6 and (big[::2, 1::3] == 7.0).all()


def test_ref_refuses_what_it_cannot_write_through(eg) -> None:
    with pytest.raises(ValueError, match=r"scale\(\): argument 'm' must be a column-major "
                                         r"\(Fortran order.*got one with shape \(2, 3\)"):
        eg.scale(np.ones((2, 3)), 2.0)
    with pytest.raises(TypeError, match=r"scale\(\): argument 'm' must be an array of float64 "
                                        r"\(written through.*got an array of float32"):
        eg.scale(np.asfortranarray(np.ones((2, 2), dtype=np.float32)), 2.0)
    with pytest.raises(TypeError, match=r"scale\(\): argument 'm' must be a writable 2-D numpy "
                                        r"array of float64.*got list"):
        eg.scale([[1.0, 2.0]], 2.0)
    ro = np.asfortranarray(np.ones((2, 2)))
    ro.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        eg.scale(ro, 2.0)
    with pytest.raises(ValueError, match=r"scale_vector\(\): argument 'v' must be a contiguous"):
        eg.scale_vector(np.arange(6.0)[::2], 2.0)
    with pytest.raises(ValueError, match=r"must be a 1-D array of float64, got 2-D"):
        eg.scale_vector(np.ones((2, 2)), 2.0)


# -- results and every dtype ---------------------------------------------------------------------

@pytest.mark.parametrize("fn, dtype", [("twice_f", np.float32), ("twice_i", np.int32)])
def test_matrix_dtypes(eg, fn: str, dtype: type) -> None:
    m = np.arange(6, dtype=dtype).reshape(2, 3)
    out = getattr(eg, fn)(m)
    assert out.dtype == dtype and out.shape == (2, 3) and out.tolist() == (2 * m).tolist()


def test_int64_complex_and_bool(eg) -> None:
    v = np.array([1, 2 ** 40], dtype=np.int64)
    out = eg.twice_l(v)
    assert out.dtype == np.int64 and out.tolist() == [2, 2 ** 41]
    z = np.array([1 + 2j, -3j])
    assert eg.conj(z).dtype == np.complex128 and eg.conj(z).tolist() == [1 - 2j, 3j]
    z2 = np.array([[1 + 1j, 2], [3, 4 - 1j]], dtype=np.complex64)
    assert eg.conj2(z2).dtype == np.complex64 and eg.conj2(z2).tolist() == np.conj(z2).tolist()
    p = eg.positive(np.array([-1.0, 0.0, 2.0]))
    assert p.dtype == np.bool_ and p.tolist() == [False, False, True]
    a = eg.squares(np.arange(4.0).reshape(2, 2))
    assert a.tolist() == [[0.0, 1.0], [4.0, 9.0]]


def test_a_result_owns_its_data(eg) -> None:
    x = eg.matmul(np.eye(3), np.arange(9.0).reshape(3, 3))
    assert x.flags.writeable and x.flags.f_contiguous  # an Eigen matrix is column-major
    x[0, 0] = 42.0
    assert x[0, 0] == 42.0
    r = eg.row_sums(np.arange(6.0).reshape(2, 3))
    assert r.shape == (2,) and r.tolist() == [3.0, 12.0]


def test_fixed_sizes_are_checked(eg) -> None:
    c = eg.cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0])
    assert c.shape == (3,) and c.tolist() == [0.0, 0.0, 1.0]
    o = eg.outer3([1.0, 2.0, 3.0], [1.0, 0.0, 0.0])
    assert o.shape == (3, 3) and o[:, 0].tolist() == [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match=r"cross\(\): argument 'a' must have shape \(3,\), "
                                         r"got \(4,\)"):
        eg.cross([1.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0])
    with pytest.raises(ValueError, match=r"conj2\(\): argument 'm' must have shape \(2, 2\), "
                                         r"got \(3, 3\)"):
        eg.conj2(np.eye(3, dtype=np.complex64))


# -- views keep their owners alive ----------------------------------------------------------------

def test_a_const_reference_is_a_read_only_view_keeping_its_owner(eg) -> None:
    s = eg.Store(2, 3)
    d = s.data()
    assert not d.flags.writeable and d.tolist() == [[0.0, 2.0, 4.0], [1.0, 3.0, 5.0]]
    with pytest.raises(ValueError):
        d[0, 0] = 1.0
    w = s.mutable_data()
    w[0, 0] = 99.0  # writes into the store
    assert s.data()[0, 0] == 99.0
    del s
    gc.collect()
    assert d[0, 0] == 99.0 and d.sum() == 99.0 + 15.0  # the store lives while a view does


def test_ref_and_map_results_are_views(eg) -> None:
    s = eg.Store(4, 4)
    b = s.block(1, 1, 2, 2)
    assert b.tolist() == [[5.0, 9.0], [6.0, 10.0]] and b.flags.writeable
    b[:] = 0.0
    assert s.data()[1:3, 1:3].sum() == 0.0
    f = s.flat()
    assert f.shape == (16,) and not f.flags.writeable
    del s
    gc.collect()
    assert b.sum() == 0.0 and f[15] == 15.0
    with pytest.raises(IndexError, match="outside"):
        eg.Store(2, 2).block(1, 1, 2, 2)


# -- fields -----------------------------------------------------------------------------------

def test_fields_read_as_read_only_copies_and_assign_from_arrays(eg) -> None:
    p = eg.Pose()
    p.position = [1.0, 2.0, 3.0]
    p.rotation = np.eye(3)
    p.samples = np.arange(6.0).reshape(3, 2)
    assert p.position.tolist() == [1.0, 2.0, 3.0] and p.rotation.tolist() == np.eye(3).tolist()
    assert p.samples.tolist() == [[0.0, 1.0], [2.0, 3.0], [4.0, 5.0]]
    s = p.samples
    assert not s.flags.writeable
    with pytest.raises(ValueError):
        s[0, 0] = 1.0
    p.samples = np.zeros((1, 1))  # resized: the copy read before is unaffected
    assert s.shape == (3, 2) and p.samples.shape == (1, 1)
    with pytest.raises(ValueError, match="shape \\(3,\\)"):
        p.position = [1.0, 2.0]
    q = eg.Pose(position=[0.0, 0.0, 1.0])
    assert q.position.tolist() == [0.0, 0.0, 1.0]


def test_a_non_const_matrix_reference_is_left_out(eg) -> None:
    assert not hasattr(eg, "resize_me")


# -- inside containers ----------------------------------------------------------------------------

def test_matrices_inside_containers_are_arrays_copied_each_way(eg) -> None:
    points = [np.zeros(3), [1, 2, 3], np.arange(6.0)[::2]]  # a list, a strided view
    out = eg.shifted(points, 1.0)
    assert isinstance(out, list) and len(out) == 3
    for got, want in zip(out, [np.ones(3), [2.0, 3.0, 4.0], [1.0, 3.0, 5.0]]):
        assert got.dtype == np.float64 and got.shape == (3,) and got.flags.owndata is False
        np.testing.assert_array_equal(got, want)
    out[0][0] = 9.0  # each item its own copy
    assert out[1][0] == 2.0 and points[0][0] == 0.0
    assert [list(v) for v in eg.ranges([2, 0, 3])] == [[0.0, 1.0], [], [0.0, 1.0, 2.0]]
    assert eg.total((np.ones(4), np.arange(3.0), [])) == 7.0
    assert eg.total([]) == 0.0
    named = eg.identities(2)
    assert sorted(named) == ["eye", "zero"] and named["eye"].dtype == np.float32
    np.testing.assert_array_equal(named["eye"], np.eye(2))
    s = eg.stacked([[1, 2], np.array([3, 4], dtype=np.int32)])
    assert s.dtype == np.int32 and s.tolist() == [[1, 2], [3, 4]]


def test_an_eigen_out_parameter_is_returned(eg) -> None:
    m = eg.constant(2, 1.5)
    assert m.dtype == np.float64 and m.shape == (2, 2) and (m == 1.5).all()
    with pytest.raises(ValueError, match="constant: a negative size"):
        eg.constant(-1, 0.0)


def test_wrong_items_raise_naming_the_item(eg) -> None:
    with pytest.raises(ValueError, match=r"item 1: must have shape \(3,\), got \(4,\)"):
        eg.shifted([np.zeros(3), np.zeros(4)], 1.0)
    with pytest.raises(ValueError, match=r"item 0: must be a 1-D array of float64, got 2-D"):
        eg.total([np.zeros((2, 2))])
    with pytest.raises(TypeError, match=r"shifted\(\) argument 'points' \(position 1\): item 1: "
                       r"must be a 1-D array of float64 \(or convertible to one\), got str"):
        eg.shifted([np.zeros(3), "abc"], 1.0)
    with pytest.raises(TypeError, match=r"item 0: must be an array of float64; complex128"):
        eg.total([np.zeros(2, dtype=np.complex128)])
    with pytest.raises(TypeError, match=r"item 0: .* got NoneType"):
        eg.total([None])
    with pytest.raises(TypeError, match=r"total\(\) argument 'vectors' \(position 1\) must be"):
        eg.total(5)
    with pytest.raises(TypeError, match=r"stacked\(\) argument 'rows' .*item 0: must be an array "
                       r"of int32; float64 does not convert"):
        eg.stacked([np.zeros(2)])
    with pytest.raises(ValueError, match="ranges: a negative length"):
        eg.ranges([1, -1])


def test_a_ref_inside_a_container_is_left_out(eg) -> None:
    assert not hasattr(eg, "sum_refs")


# -- no leaks -----------------------------------------------------------------------------------

@pytest.mark.cpython_only  # (sys.getrefcount)
def test_ten_thousand_round_trips_leave_nothing_alive(eg) -> None:
    a = np.asfortranarray(np.arange(9.0).reshape(3, 3))
    s = eg.Store(3, 3)
    owner_type = type(owner_of(eg.matmul(a, a)))

    def round_trips() -> None:
        for _ in range(10_000):
            eg.matmul(a, a.T)
            eg.solve(a + np.eye(3), [1.0, 2.0, 3.0])
            eg.scale(a, 1.0)
            s.data()
            s.block(0, 0, 2, 2)
            eg.Store(2, 2).data()
            eg.shifted([a[0], a[1]], 1.0)
            eg.total([a[0], [1.0, 2.0]])

    round_trips()  # warm up (caches, free lists)
    gc.collect()
    counts = (sys.getrefcount(owner_type), sys.getrefcount(eg.Store), sys.getrefcount(a),
              sys.getrefcount(s))
    round_trips()
    gc.collect()
    assert (sys.getrefcount(owner_type), sys.getrefcount(eg.Store), sys.getrefcount(a),
            sys.getrefcount(s)) == counts


# -- a hand-written interface -------------------------------------------------------------------

@pytest.mark.cpython_only  # (runs swiggen's CPython side: its SWIG and interface folders)
def test_the_typemaps_work_from_a_hand_written_interface(tmp_path: Path) -> None:
    """handwritten.swig (docs/eigen.md's example) over examples/eigen, run through SWIG and the
    compiler by hand: the macro lines alone convert the types."""
    import os
    import shutil
    import subprocess
    import sysconfig

    from swiggen.compile.toolchain import swig_executable
    from swiggen.render.interface import interface_dirs

    here, example = Path(__file__).parent, Path(__file__).parents[3] / "examples" / "eigen"
    for f in (example / "linalg.h", example / "linalg.cpp"):
        shutil.copy(f, tmp_path)
    shutil.copy(here / "handwritten.swig", tmp_path / "linalg.i")
    swig, env = swig_executable()
    subprocess.run([swig, "-c++", "-python", "-builtin",
                    *(f"-I{d}" for d in interface_dirs()), "linalg.i"],
                   cwd=tmp_path, env=env, check=True)
    target = "_linalg" + sysconfig.get_config_var("EXT_SUFFIX")
    cxx = os.environ.get("CXX", "g++").split()
    subprocess.run([*cxx, "-O1", "-shared", "-fPIC", "-std=c++17",
                    f"-I{sysconfig.get_paths()['include']}", "-I/usr/include/eigen3", "-I.",
                    "linalg_wrap.cxx", "linalg.cpp", "-o", target], cwd=tmp_path, check=True)
    code = ("import numpy as np, linalg\n"
            "assert linalg.solve(np.eye(2) * 2, [1.0, 1.0]).tolist() == [0.5, 0.5]\n"
            "m = np.asfortranarray(np.ones((2, 2))); linalg.scale(m, 3.0)\n"
            "assert m.tolist() == [[3.0, 3.0], [3.0, 3.0]]\n"
            "assert linalg.rotation_z(0.0).shape == (3, 3)\n"
            "try:\n    linalg.scale(np.ones((2, 2)), 2.0)\nexcept ValueError as e:\n"
            "    print(e)\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    assert "scale(): argument 'm' must be a column-major" in proc.stdout


def test_a_misaligned_array_is_copied_or_refused(eg) -> None:
    raw = bytearray(8 * 4 + 1)
    odd = np.frombuffer(raw, dtype=np.float64, count=4, offset=1)  # data at an odd address
    odd[:] = [1.0, 2.0, 3.0, 4.0]
    assert not odd.flags.aligned
    assert eg.first(odd) == 1.0 and eg.solve(np.eye(4), odd).tolist() == [1.0, 2.0, 3.0, 4.0]
    with pytest.raises(ValueError, match=r"scale_vector\(\): argument 'v'"):
        eg.scale_vector(odd, 2.0)
