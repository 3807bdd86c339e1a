"""Benchmark of the image example (a script, not a test):

    sh examples/image/build.sh && PYTHONPATH=examples/image/out python examples/image/bench.py

Prints, for bilinear and nearest resize and grayscale: the per-call time on a small image (the
call overhead dominates) and on a 1920x1080x3 one, each against the pure-NumPy implementation in
reference.py measured in the same run (ratio < 1: swiggen's module is faster), and the speedup
of 2 threads over 1 on the large image (the calls release the GIL: `nogil`).
"""
from __future__ import annotations

import os
import sys
import threading
import time
from pathlib import Path

import numpy as np

import image

sys.path.insert(0, str(Path(__file__).parent))
import reference as ref  # noqa: E402


def best(fn, repeat: int = 5, number: int = 1) -> float:  # type: ignore[no-untyped-def]
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) / number)
    return min(times)


def threaded(fn, threads: int, calls: int) -> float:  # type: ignore[no-untyped-def]
    def work() -> None:
        for _ in range(calls // threads):
            fn()
    ts = [threading.Thread(target=work) for _ in range(threads)]
    t0 = time.perf_counter()
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    return time.perf_counter() - t0


def main() -> None:
    rng = np.random.default_rng(0)
    small = rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)
    big = rng.integers(0, 256, (1080, 1920, 3), dtype=np.uint8)
    cases = [
        ("resize_bilinear 1/2", lambda s: image.resize_bilinear(s, s.shape[0] // 2, s.shape[1] // 2),
         lambda s: ref.resize_bilinear(s, s.shape[0] // 2, s.shape[1] // 2)),
        ("resize_nearest 1/2", lambda s: image.resize_nearest(s, s.shape[0] // 2, s.shape[1] // 2),
         lambda s: ref.resize_nearest(s, s.shape[0] // 2, s.shape[1] // 2)),
        ("grayscale", image.grayscale, ref.grayscale),
    ]
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    print(f"{'operation':22} {'8x8x3 us':>9} {'numpy us':>9} {'ratio':>6} "
          f"{'1080p ms':>9} {'numpy ms':>9} {'ratio':>6} {'2 thr speedup':>13}")
    for name, ours, theirs in cases:
        s_ours = best(lambda: ours(small), number=2000) * 1e6
        s_np = best(lambda: theirs(small), number=2000) * 1e6
        b_ours = best(lambda: ours(big)) * 1e3
        b_np = best(lambda: theirs(big), repeat=3) * 1e3
        one = min(threaded(lambda: ours(big), 1, 8) for _ in range(2))
        two = min(threaded(lambda: ours(big), 2, 8) for _ in range(2))
        print(f"{name:22} {s_ours:9.2f} {s_np:9.2f} {s_ours / s_np:6.2f} "
              f"{b_ours:9.2f} {b_np:9.2f} {b_ours / b_np:6.2f} {one / two:13.2f}")


if __name__ == "__main__":
    main()
