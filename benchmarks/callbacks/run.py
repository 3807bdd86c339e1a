"""C++ calling a Python override: a C++ loop calls `handler.handle(i)` 1,000,000 times, where
`handler` is a Python subclass of the C++ interface `cb::Handler` (cblib.h).

    python benchmarks/callbacks/run.py [--calls N] [--repeat R]

Variants, each built here with -O2 (swiggen with its own flags, the same):

  swiggen    `swiggen build cblib.h` (`overridable` in the header: a SWIG director, no other code)
  pybind11   a hand-written trampoline class (pybind11.cpp)
  nanobind   a hand-written trampoline class (nanobind.cpp)

Prints the best of R runs per variant in ns per call, and the machine's load (`uptime`): the
numbers mean little on a busy machine. Results: docs/callbacks.md.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from builders import BuildFailed, CXX, FLAGS, compile_and_link, fresh, run  # noqa: E402


def build_swiggen(root: Path) -> Path:
    out = fresh(root / "swiggen")
    subprocess.run([sys.executable, "-m", "swiggen", "build", "cblib.h", "--sources", "cblib.cpp",
                    "-m", "cb_swiggen", "-o", str(out), "--build-dir", str(out / "build")],
                   cwd=HERE, check=True, capture_output=True)
    return out


def build_pybind11(root: Path) -> Path:
    import pybind11

    out = fresh(root / "pybind11")
    compile_and_link(out, "cb_pybind11", [HERE / "pybind11.cpp", HERE / "cblib.cpp"],
                     [f"-I{pybind11.get_include()}", f"-I{HERE}"])
    return out


def build_nanobind(root: Path) -> Path:
    import nanobind

    nb = Path(nanobind.__file__).parent
    out = fresh(root / "nanobind")
    inc = [f"-I{nb / 'include'}", f"-I{nb / 'ext' / 'robin_map' / 'include'}", f"-I{HERE}"]
    lib = out / "obj" / "nb_combined.o"
    lib.parent.mkdir(parents=True)
    run([CXX, *FLAGS, *inc, "-DNB_BUILD", "-DNB_COMPACT_ASSERTIONS", "-fno-strict-aliasing",
         "-c", nb / "src" / "nb_combined.cpp", "-o", lib])
    compile_and_link(out, "cb_nanobind", [HERE / "nanobind.cpp", HERE / "cblib.cpp"], inc,
                     [str(lib)])
    return out


def measure(module_name: str, folder: Path, calls: int, repeat: int) -> float:
    sys.path.insert(0, str(folder))
    mod = importlib.import_module(module_name)

    class Add(mod.Handler):  # type: ignore[name-defined, misc]
        def handle(self, event: int) -> int:
            return event + 1

    h = Add()
    assert mod.call_many(h, 10) == 55
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        mod.call_many(h, calls)
        best = min(best, time.perf_counter() - t0)
    return best / calls * 1e9


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--build", default=str(HERE.parent.parent / "build" / "bench-callbacks"))
    args = ap.parse_args()
    root = Path(args.build)
    variants = {"swiggen": build_swiggen, "pybind11": build_pybind11,
                "nanobind": build_nanobind}
    print(f"load: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")
    for name, build in variants.items():
        try:
            folder = build(root)
        except (BuildFailed, ImportError, subprocess.CalledProcessError) as exc:
            print(f"{name:9s} not built: {str(exc).splitlines()[0]}")
            continue
        ns = measure(f"cb_{name}", folder, args.calls, args.repeat)
        print(f"{name:9s} {ns:7.1f} ns per call  ({args.calls:,} calls, best of {args.repeat})")
    print(f"load: {subprocess.run(['uptime'], capture_output=True, text=True).stdout.strip()}")


if __name__ == "__main__":
    main()
