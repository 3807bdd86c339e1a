"""buildcompare: a clean build of the same large module with this checkout and with another
revision of swiggen, alternated in one run, as a ratio (is a change no slower than before?).

    python benchmarks/buildcompare.py --rev 9073103                # 200 classes, 3 rounds
    python benchmarks/buildcompare.py --rev main~3 --classes 400 --rounds 5 --jobs 2

Each round builds `builders.synthetic_header` (N classes of 10 methods, trivial definitions
in a source file) from scratch with `swiggen build` (generate + SWIG + post-processing +
compile + link, one process), first with the baseline revision (checked out into a temporary
git worktree, imported through PYTHONPATH) and then with this checkout, in the same Python. The
machine is shared: read the ratios of medians (wall, and CPU of the build's processes, which
the load moves less), measured in the same run, not the seconds. The
compiler cache is off (CCACHE_DISABLE), so both compile for real.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

from builders import synthetic_header  # noqa: E402
from buildscale import synthetic_sources  # noqa: E402


def build_seconds(generator: Path, src: Path, out: Path, jobs: int) -> tuple[float, float]:
    """(wall, CPU) seconds of one clean `swiggen build` by the swiggen package under
    `generator`; CPU is user + system of the build and every process it ran, which the load of
    a shared machine moves far less than the wall time."""
    shutil.rmtree(out, ignore_errors=True)
    if not (generator / "swiggen" / "__init__.py").is_file():
        raise SystemExit(f"no swiggen package under {generator}")
    env = dict(os.environ, PYTHONPATH=str(generator), CCACHE_DISABLE="1")
    cmd = [sys.executable, "-m", "swiggen", "build", "synth.h", "--sources", "synth.cpp",
           "-m", "synth", "-o", str(out / "out"), "--build-dir", str(out / "build"),
           "-j", str(jobs), "-q"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=src, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise SystemExit(f"{generator}: the build failed:\n{proc.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", required=True, help="the baseline revision (a git commit-ish)")
    ap.add_argument("--classes", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="swiggen-buildcompare-") as scratch:
        root = Path(scratch)
        base = root / "baseline"
        subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", "-q", str(base),
                        args.rev], check=True)
        try:
            src = root / "src"
            src.mkdir()
            synthetic_header(src / "synth.h", classes=args.classes)
            synthetic_sources(src / "synth.cpp", args.classes)
            times: dict[str, list[float]] = {"baseline": [], "this": []}
            cpus: dict[str, list[float]] = {"baseline": [], "this": []}
            for r in range(args.rounds):
                for name, gen in (("baseline", base / "generator"), ("this", REPO / "generator")):
                    wall, cpu = build_seconds(gen, src, root / "builds" / name, args.jobs)
                    times[name].append(wall)
                    cpus[name].append(cpu)
                    print(f"round {r + 1} {name}: {wall:.1f} s wall, {cpu:.1f} s CPU",
                          flush=True)
        finally:
            subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(base)],
                           check=False)
    b, t = statistics.median(times["baseline"]), statistics.median(times["this"])
    bc, tc = statistics.median(cpus["baseline"]), statistics.median(cpus["this"])
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.classes} classes, -j {args.jobs}, {args.rounds} rounds (load {load:.1f}): "
          f"baseline {args.rev} median {b:.1f} s wall / {bc:.1f} s CPU, this checkout "
          f"{t:.1f} s / {tc:.1f} s: ratio {t / b:.2f} wall, {tc / bc:.2f} CPU")


if __name__ == "__main__":
    main()
