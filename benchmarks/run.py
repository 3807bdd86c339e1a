"""Run the whole benchmark: build every variant, time every row, write results.md and results.png.

    pip install -r benchmarks/requirements.txt
    python benchmarks/run.py            # about 3-5 minutes on 2 cores
    python benchmarks/run.py --quick    # fewer, shorter rounds: a smoke run

Build outputs go to benchmarks/_build (ignored by git).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import timeit
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import builders  # noqa: E402
import measure  # noqa: E402
import report  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--variants", nargs="+", default=list(builders.VARIANTS),
                    choices=builders.VARIANTS, help="which variants (capi is always included)")
    ap.add_argument("--rounds", type=int, default=41, help="interleaved rounds (default 41)")
    ap.add_argument("--sample-ms", type=float, default=4.0,
                    help="length of one timing sample (default 4 ms)")
    ap.add_argument("--quick", action="store_true", help="5 rounds of 2 ms samples")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="what a sample measures: wall time (perf_counter, the default) or the "
                         "CPU time of the timing thread (thread_time: a busy machine's "
                         "preemptions do not count)")
    ap.add_argument("--build-dir", type=Path, default=HERE / "_build")
    ap.add_argument("--out", type=Path, default=HERE,
                    help="where results.md and results.png go (default: benchmarks/)")
    args = ap.parse_args(argv)
    if args.quick:
        args.rounds, args.sample_ms = 5, 2.0
    variants = ["capi"] + [v for v in args.variants if v != "capi"]
    start = time.perf_counter()

    built: dict[str, builders.Built] = {}
    for v in variants:
        print(f"building {v} ...", end=" ", flush=True)
        b = builders.BUILDERS[v](args.build_dir)
        built[v] = b
        print(f"{b.seconds:.1f} s, {b.stripped_bytes / 1024:.0f} KiB stripped"
              + (f" ({'; '.join(b.notes)})" if b.notes else ""))
    tooling: dict[str, float] = {}
    if "swiggen" in built:
        print("swiggen generate, 200 classes / 2,000 methods ...", end=" ", flush=True)
        tooling["generate 200 classes / 2,000 methods (swiggen generate, whole process)"] = \
            builders.time_swiggen_generate(args.build_dir)
        tooling["no-op rebuild (swiggen build, whole process)"] = \
            built["swiggen"].extra["noop_rebuild"]
        tooling["clean build of benchlib, 1 job (generate + SWIG + compile + link)"] = \
            built["swiggen"].seconds
        print(f"{next(iter(tooling.values())):.2f} s")

    modules = {}
    for v, b in built.items():
        sys.path.insert(0, str(b.path))
        modules[v] = importlib.import_module(b.module)
    print(f"timing: {args.rounds} interleaved rounds of {args.sample_ms:g} ms samples ...",
          flush=True)
    before = report.uptime()
    clock = time.thread_time if args.clock == "cpu" else timeit.default_timer
    cells, overhead = measure.run_rounds(modules, args.rounds, args.sample_ms / 1000,
                                         clock=clock)
    how = ("CPU time of the timing thread (`time.thread_time`)" if args.clock == "cpu"
           else "wall time (`time.perf_counter`)")
    load = (f"Clock: {how}. `uptime` before the timing: `{before}`; "
            f"after: `{report.uptime()}`")
    print(load)

    print("\nbest round / best C-API round:")
    print("\n".join(report.table(cells, overhead, variants, "min")))
    print("\nmedian over rounds of the same-round ratio:")
    print("\n".join(report.table(cells, overhead, variants, "median")))
    for s in report.skipped(cells):
        print(s)
    print()
    print("\n".join(report.build_table(built)))
    for k, val in tooling.items():
        print(f"{k}: {val:.2f} s")

    args.out.mkdir(parents=True, exist_ok=True)
    results = args.out / "results.md"
    old = results.read_text() if results.exists() else ""
    # the sections of buildscale.py (build times of large modules), pypy.py, importtime.py and
    # instructions.py are kept
    keep = ""
    for name in ("buildscale", "pypy", "importtime", "instructions"):
        begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
        if begin in old and end in old:
            keep += "\n" + old[old.index(begin):old.index(end) + len(end)] + "\n"
    results.write_text(report.markdown(cells, overhead, built, tooling, variants, args.rounds,
                                       load) + keep)
    why_not = report.plot(cells, overhead, variants, args.out / "results.png")
    print(f"\nwrote {args.out / 'results.md'}"
          + (f"; no plot: {why_not}" if why_not else f" and {args.out / 'results.png'}"))
    print(f"total {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
