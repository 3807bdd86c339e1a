"""Eigen <-> numpy: swiggen against pybind11's Eigen support, on the same functions.

    python benchmarks/eigen.py [--pybind11 DIR] [--number N]

Builds examples/eigen (linalg.h, linalg.cpp) twice into benchmarks/_build/eigen/: with swiggen
(`--pkg-config eigen3`, as examples/eigen/build.sh) and with pybind11 (`pybind11/eigen.h`, the
binding in BINDING below), then times each call in both modules in the same run, alternating,
and prints the per-call medians and their ratio (swiggen / pybind11: below 1 is faster). The
pybind11 headers come from `import pybind11` (`pip install pybind11`, or `--pybind11 DIR`: a
`pip install --target DIR pybind11` folder, so the benchmark needs nothing in swiggen's venv).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import sysconfig
import time
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
EXAMPLE = HERE.parent / "examples" / "eigen"
BUILD = HERE / "_build" / "eigen"

BINDING = r"""
#include <pybind11/pybind11.h>
#include <pybind11/eigen.h>
#include "linalg.h"
namespace py = pybind11;
PYBIND11_MODULE(linalg_pb, m) {
  m.def("solve", &linalg::solve, py::arg("a"), py::arg("b"));
  m.def("matmul", &linalg::matmul, py::arg("a"), py::arg("b"));
  m.def("scale", &linalg::scale, py::arg("m"), py::arg("f"));
  m.def("rotation_z", &linalg::rotation_z, py::arg("angle"));
}
"""


def build_swiggen() -> Path:
    out = BUILD / "swiggen"
    subprocess.run([sys.executable, "-m", "swiggen", "build", "linalg.h", "--sources",
                    "linalg.cpp", "-m", "linalg", "--pkg-config", "eigen3", "-o", str(out),
                    "--build-dir", str(BUILD / "swiggen-build")], cwd=EXAMPLE, check=True)
    return out


def build_pybind11(include: str) -> Path:
    out = BUILD / "pybind11"
    out.mkdir(parents=True, exist_ok=True)
    src = out / "bind.cpp"
    src.write_text(BINDING)
    target = out / ("linalg_pb" + sysconfig.get_config_var("EXT_SUFFIX"))
    eigen = subprocess.run(["pkg-config", "--cflags", "eigen3"], capture_output=True, text=True,
                           check=True).stdout.split()
    cmd = ["c++", "-O2", "-DNDEBUG", "-shared", "-fPIC", "-std=c++17", "-fvisibility=hidden",
           f"-I{sysconfig.get_paths()['include']}", f"-I{include}", f"-I{EXAMPLE}", *eigen,
           str(src), str(EXAMPLE / "linalg.cpp"), "-o", str(target)]
    if not target.exists() or target.stat().st_mtime < max(
            p.stat().st_mtime for p in (src, EXAMPLE / "linalg.cpp", EXAMPLE / "linalg.h")):
        subprocess.run(cmd, check=True)
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--pybind11", help="a folder holding the pybind11 package")
    p.add_argument("--number", type=int, default=0, help="calls per sample (default: auto)")
    p.add_argument("--repeat", type=int, default=7)
    args = p.parse_args()
    if args.pybind11:
        sys.path.insert(0, args.pybind11)
    import numpy as np
    import pybind11

    sw_out, pb_out = build_swiggen(), build_pybind11(pybind11.get_include())
    sys.path[:0] = [str(sw_out), str(pb_out)]
    import linalg  # noqa: E402
    import linalg_pb  # noqa: E402

    rng = np.random.default_rng(0)
    rows = []
    for n in (3, 500):
        a = np.asfortranarray(rng.random((n, n)) + n * np.eye(n))
        b = rng.random(n)
        f = np.asfortranarray(rng.random((n, n)))
        rows += [
            (f"matmul {n}x{n} (Ref<const> params, result)", lambda m, a=a: m.matmul(a, a)),
            (f"solve {n}x{n} (const& params, result)", lambda m, a=a, b=b: m.solve(a, b)),
            (f"scale {n}x{n} (writable Ref param)", lambda m, f=f: m.scale(f, 1.0)),
        ]
    rows.append(("rotation_z (fixed 3x3 result)", lambda m: m.rotation_z(0.5)))
    for _, fn in rows:  # same results from both
        r1, r2 = fn(linalg), fn(linalg_pb)
        if r1 is not None:
            np.testing.assert_allclose(r1, r2, rtol=1e-9)
    print(f"{'call':48} {'swiggen':>12} {'pybind11':>12} {'ratio':>7}")
    for name, fn in rows:
        number = args.number or max(1, int(0.05 / max(_once(fn, linalg), 1e-7)))
        sw: list[float] = []
        pb: list[float] = []
        for _ in range(args.repeat):  # alternated, so load hits both alike
            sw.append(timeit.timeit(lambda: fn(linalg), number=number) / number)
            pb.append(timeit.timeit(lambda: fn(linalg_pb), number=number) / number)
        s, q = statistics.median(sw), statistics.median(pb)
        print(f"{name:48} {_fmt(s):>12} {_fmt(q):>12} {s / q:7.2f}")
    return 0


def _once(fn, module) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    fn(module)
    return time.perf_counter() - start


def _fmt(seconds: float) -> str:
    return f"{seconds * 1e6:.2f} us" if seconds < 1e-3 else f"{seconds * 1e3:.3f} ms"


if __name__ == "__main__":
    sys.exit(main())
