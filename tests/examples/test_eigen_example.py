"""examples/eigen: functions written in Eigen's types (solve, matmul, in-place scale through
Ref, a fixed-size result), built by its build.sh with `--pkg-config eigen3` and checked against
NumPy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from example_build import EXAMPLE_LIBS, EXAMPLES, load_example, run_python

pytestmark = pytest.mark.compile

# (module, header that must exist, Debian package): registered here, the example's own row
EXAMPLE_LIBS.setdefault("eigen", ("linalg", Path("/usr/include/eigen3/Eigen/Dense"),
                                  "libeigen3-dev"))


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("eigen", build_root)


@pytest.fixture(scope="session")
def la(example):  # type: ignore[no-untyped-def]
    return example[0]


@pytest.mark.parametrize("n", [1, 3, 40])
def test_solve_and_matmul_match_numpy(la, n: int) -> None:
    rng = np.random.default_rng(n)
    a = rng.random((n, n)) + n * np.eye(n)
    b = rng.random(n)
    np.testing.assert_allclose(la.solve(a, b), np.linalg.solve(a, b), rtol=1e-10)
    c = rng.random((n, 2 * n))
    np.testing.assert_allclose(la.matmul(a, c), a @ c, rtol=1e-12)
    np.testing.assert_allclose(la.matmul(c.T[::2], a.T), c.T[::2] @ a.T, rtol=1e-12)


def test_scale_writes_through_ref(la) -> None:
    m = np.asfortranarray(np.arange(6.0).reshape(2, 3))
    assert la.scale(m, 3.0) is None
    assert m.tolist() == (3.0 * np.arange(6.0).reshape(2, 3)).tolist()
    with pytest.raises(ValueError, match=r"scale\(\): argument 'm' must be a column-major"):
        la.scale(np.ones((2, 3)), 2.0)
    with pytest.raises(TypeError, match=r"float64.*got an array of int64"):
        la.scale(np.asfortranarray(np.ones((2, 2), dtype=np.int64)), 2.0)


def test_errors_and_fixed_size_result(la) -> None:
    with pytest.raises(ValueError, match="must be square"):
        la.solve(np.ones((2, 3)), np.ones(2))
    r = la.rotation_z(np.pi / 2)
    assert r.shape == (3, 3) and r.dtype == np.float64
    np.testing.assert_allclose(r @ [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], atol=1e-12)


def test_usage_script_runs(example) -> None:
    proc = run_python(EXAMPLES / "eigen" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert "check: True" in proc.stdout and "ValueError: scale(): argument 'm'" in proc.stdout
