"""Time the benchmark rows under PyPy next to CPython, and write the PyPy section of results.md.

    python benchmarks/pypy.py                       # pypy3 on PATH, with numpy for the numpy row
    python benchmarks/pypy.py --pypy DIR/bin/python # a PyPy venv with numpy (docs/benchmarks.md)
    python benchmarks/pypy.py --quick --no-write    # a smoke run

Builds, against PyPy's headers: the hand-written C-API module, `swiggen build --python PYPY`,
plain SWIG -builtin, and cffi (API mode) and ctypes bindings of the C shims in lib/benchlib_c.h
(pypybuild.py); for CPython, the C-API and swiggen modules (builders.py). A CPython and a PyPy
worker process (pypyworker.py) then time cases.py's rows, taking turns round by round, and the
tables (pypyreport.py) give every PyPy row against CPython's C-API module from the same round,
and PyPy swiggen against PyPy cffi. Run with the CPython that has swiggen installed.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import builders  # noqa: E402
import pypybuild  # noqa: E402
import pypyreport  # noqa: E402
from swiggen.diagnostics import SwiggenError  # noqa: E402
from swiggen.compile.toolchain import Target, target_python  # noqa: E402

CPYTHON_VARIANTS = ("capi", "swiggen")


class Worker:
    """A pypyworker.py process: one round of samples per request."""

    def __init__(self, python: str, modules: dict[str, builders.Built], sample_ms: float,
                 clock: str) -> None:
        spec = {"sample_ms": sample_ms, "clock": clock,
                "modules": {v: [b.module, str(b.path)] for v, b in modules.items()}}
        self.variants = list(modules)
        self.err = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([python, str(HERE / "pypyworker.py"), json.dumps(spec)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.err, text=True)
        self.skipped: dict[str, str] = self._read()

    def _read(self) -> dict[str, Any]:
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line:
            self.err.seek(0)
            raise RuntimeError(f"{self.proc.args[0]} worker failed:\n{self.err.read()[-4000:]}")
        return json.loads(line)

    def round(self) -> dict[str, Any]:
        assert self.proc.stdin
        self.proc.stdin.write("round\n")
        self.proc.stdin.flush()
        return self._read()

    def close(self) -> None:
        if self.proc.stdin:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "(uptime not available)"


def machine(target: Target) -> str:
    ask = ("import sys, platform, cffi\ntry:\n import numpy; n = numpy.__version__\n"
           "except ImportError:\n n = 'absent'\nprint(platform.python_version(), "
           "'.'.join(map(str, sys.pypy_version_info[:3])), cffi.__version__, n)")
    out = subprocess.run([target.python, "-c", ask], capture_output=True, text=True).stdout.split()
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines() if line.startswith("model name")),
               "") if Path("/proc/cpuinfo").exists() else ""
    pypy = f"PyPy {out[1]} (Python {out[0]}), its cffi {out[2]}, numpy {out[3]}" if out else ""
    return f"CPython {platform.python_version()}, {pypy}; {cpu}, {os.cpu_count()} CPUs"


def build(root: Path, target: Target) -> dict[pypyreport.Column, builders.Built]:
    built: dict[pypyreport.Column, builders.Built] = {}
    jobs = [(("cpython", v), lambda v=v: builders.BUILDERS[v](root)) for v in CPYTHON_VARIANTS]
    jobs += [(("pypy", v), lambda v=v: pypybuild.BUILDERS[v](root / "pypy", target))
             for v in pypybuild.VARIANTS]
    for col, job in jobs:
        print(f"building {pypyreport.label(col)} ...", end=" ", flush=True)
        try:
            built[col] = job()
        except builders.BuildFailed as exc:  # a row of n/a, with the reason, not a dead run
            print(f"FAILED\n{str(exc)[-2000:]}")
            continue
        print(f"{built[col].seconds:.1f} s")
    return built


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--pypy", default="pypy3", help="the PyPy to build for and time under")
    ap.add_argument("--rounds", type=int, default=41, help="measured rounds (default 41)")
    ap.add_argument("--warmup", type=int, default=5, help="rounds discarded first (default 5)")
    ap.add_argument("--sample-ms", type=float, default=4.0, help="one sample's length (4 ms)")
    ap.add_argument("--quick", action="store_true", help="3 rounds of 2 ms after 1 warm-up")
    ap.add_argument("--build-dir", type=Path, default=HERE / "_build")
    ap.add_argument("--out", type=Path, default=HERE / "results.md")
    ap.add_argument("--wall-clock", action="store_true",
                    help="time with perf_counter (default: the timing thread's CPU time)")
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--note", default="", help="a paragraph to add to the section")
    args = ap.parse_args(argv)
    if args.quick:
        args.rounds, args.warmup, args.sample_ms = 3, 1, 2.0
    try:
        target = target_python(args.pypy)
    except SwiggenError as exc:
        print(f"error: {exc}\n(apt-get install pypy3 pypy3-dev, or --pypy PATH)", file=sys.stderr)
        return 2
    if not target.is_pypy:
        print(f"error: {args.pypy} is {target.implementation}, not PyPy", file=sys.stderr)
        return 2
    start = time.perf_counter()
    built = build(args.build_dir.resolve(), target)
    load_before = uptime()
    workers = {interp: Worker(python, {v: b for (i, v), b in built.items() if i == interp},
                              args.sample_ms, "wall" if args.wall_clock else "cpu")
               for interp, python in (("cpython", sys.executable), ("pypy", target.python))}
    samples = pypyreport.Samples()
    for interp, w in workers.items():
        for key, why in w.skipped.items():
            row, v = key.split("/")
            samples.skipped[((interp, v), row)] = why
    rng = random.Random(1)
    order = list(workers)
    print(f"timing: {args.warmup} + {args.rounds} rounds of {args.sample_ms:g} ms samples, "
          f"{uptime()}", flush=True)
    for r in range(args.warmup + args.rounds):
        rng.shuffle(order)
        for interp in order:
            result = workers[interp].round()
            if r >= args.warmup:
                samples.add_round(interp, workers[interp].variants, result)
        print(f"\r{r + 1}/{args.warmup + args.rounds}", end="", flush=True)
    for w in workers.values():
        w.close()
    load_after = uptime()
    print()
    print("\n".join(pypyreport.ratio_table(samples)))
    print()
    print("\n".join(pypyreport.ns_table(samples)))
    for line in pypyreport.skipped(samples):
        print(line)
    command = "python benchmarks/pypy.py" + (f" --pypy {shlex.quote(args.pypy)}"
                                             if args.pypy != "pypy3" else "") + \
        (" --wall-clock" if args.wall_clock else "")
    block = pypyreport.section(samples, built, machine(target), (load_before, load_after),
                               args.rounds, args.warmup, command, args.note,
                               "wall-clock time" if args.wall_clock else
                               "CPU time of the timing thread (`time.thread_time`)")
    if not args.no_write:
        pypyreport.write_section(args.out, block)
        print(f"wrote {args.out}")
    print(f"total {time.perf_counter() - start:.0f} s, {load_after}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
