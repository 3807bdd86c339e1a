"""examples/matrix: BLAS-style float64 kernels (pointers first, sizes last, shared sizes),
wrapped with annotations only and checked against NumPy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from example_build import EXAMPLES, load_example, run_python

pytestmark = pytest.mark.compile


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("matrix", build_root)


@pytest.fixture(scope="session")
def mx(example):  # type: ignore[no-untyped-def]
    return example[0]


@pytest.mark.parametrize("m,k,n", [(1, 1, 1), (2, 3, 4), (7, 1, 5), (33, 17, 9)])
def test_products_match_numpy(mx, m: int, k: int, n: int) -> None:
    rng = np.random.default_rng(m * 100 + k * 10 + n)
    a, b = rng.random((m, k)), rng.random((k, n))
    np.testing.assert_allclose(mx.matmul(a, b), a @ b, rtol=1e-12)
    c = rng.random((m, n))
    want = c + 0.5 * (a @ b)
    assert mx.gemm_acc(a, b, c, 0.5) is None
    np.testing.assert_allclose(c, want, rtol=1e-12)
    assert np.array_equal(mx.transpose(a), a.T)


def test_lists_convert_and_shapes_must_agree(mx) -> None:
    assert mx.matmul([[1, 2]], [[3], [4]]).tolist() == [[11.0]]
    assert mx.dot([1, 2, 3], [4, 5, 6]) == 32.0
    with pytest.raises(ValueError, match="both 'k'"):
        mx.matmul(np.ones((2, 3)), np.ones((2, 3)))
    c = np.zeros((2, 2))
    with pytest.raises(ValueError, match="axis 1 of 'b' and axis 1 of 'c' are both 'n'"):
        mx.gemm_acc(np.ones((2, 3)), np.ones((3, 4)), c, 1.0)
    assert not c.any()
    with pytest.raises(ValueError, match="both 'n'"):
        mx.dot([1, 2], [1])
    with pytest.raises(TypeError):  # accumulating into a copy would lose the result
        mx.gemm_acc(np.ones((1, 1)), np.ones((1, 1)), np.zeros((1, 1), np.float32), 1.0)


def test_usage_script_runs(example) -> None:
    proc = run_python(EXAMPLES / "matrix" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert "ValueError: matmul(): 'a' has shape (2, 3)" in proc.stdout
