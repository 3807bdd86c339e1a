"""importtime: import time of a 200-class module, swiggen against pybind11 and nanobind (issue 20).

    python benchmarks/importtime.py                  # build once into the cache, then measure
    python benchmarks/importtime.py --runs 41 --callgrind
    python benchmarks/importtime.py --no-write       # print only

The API is `builders.synthetic_header` (N classes of a constructor, a field and 10 methods, with
buildscale's trivial definitions); pybind11 and nanobind bind it with `bindgen.py`'s code.
Building those modules takes minutes (pybind11's one translation unit of 200 classes took 240 s),
so each is built once into `--cache` (default `benchmarks/_build/importtime/`) and reused while
its inputs are the same: swiggen through `swiggen build` itself (a no-op rebuild when nothing
changed; the runtime or the generator changing rebuilds it), pybind11 and nanobind when their
binding source or compile commands differ from the stamp of the cached build.

Each run starts one fresh `python` process per variant (variants in shuffled order, a round at a
time) that times `import MODULE` inside itself: wall time (`perf_counter`) and the process's CPU
time (`process_time`), which a descheduled process does not accumulate. The same child also
runs an empty import of an already-imported module to show the clock's floor. `--callgrind`
also counts the instructions of the import under valgrind (the process running `import MODULE`
less the same process without it), which the machine's load cannot change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bindgen  # noqa: E402
from builders import synthetic_header  # noqa: E402
from buildscale import synthetic_sources, uptime  # noqa: E402

BEGIN, END = "<!-- importtime:begin -->", "<!-- importtime:end -->"
VARIANTS = ("swiggen", "pybind11", "nanobind")
CHILD = """\
import sys, time
sys.path.insert(0, sys.argv[1])
w, c = time.perf_counter(), time.process_time()
import {module}
c, w = time.process_time() - c, time.perf_counter() - w
assert {module}.C{last}().m0(1, 2) == 3
print(w, c)
"""


def _stamp(parts: list[str]) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def build(variant: str, work: Path, classes: int, jobs: int) -> tuple[Path, str, float | None]:
    """(folder to put on sys.path, module name, build seconds or None when the cache held it)."""
    if variant == "swiggen":
        out = work / "swiggen"
        t0 = time.perf_counter()
        cmd = [sys.executable, "-m", "swiggen", "build", str(work / "src" / "synth.h"),
               "--sources", str(work / "src" / "synth.cpp"), "-m", "synth_swiggen",
               "-o", str(out / "module"), "--build-dir", str(out / "build"), "-j", str(jobs)]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise SystemExit(f"swiggen build failed:\n{proc.stdout}{proc.stderr}")
        seconds = time.perf_counter() - t0
        cached = "up to date" in proc.stdout + proc.stderr
        return out / "module", "synth_swiggen", None if cached else seconds
    compiles, link, module = bindgen.plan(variant, work, classes)
    out = work / variant
    stamp = _stamp([(out / "bindings.cpp").read_text(), json.dumps(compiles), json.dumps(link)])
    ext = Path(link[link.index("-o") + 1])
    stamp_file = out / "stamp"
    if ext.exists() and stamp_file.exists() and stamp_file.read_text() == stamp:
        return out, module, None
    seconds = bindgen.build(variant, work, classes, jobs, [os.environ.get("CXX", "g++")],
                            dict(os.environ))
    stamp_file.write_text(stamp)
    return out, module, seconds


def child(path: Path, module: str, classes: int) -> tuple[float, float]:
    src = CHILD.format(module=module, last=classes - 1)
    proc = subprocess.run([sys.executable, "-c", src, str(path)], capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    if proc.returncode != 0:
        raise SystemExit(f"importing {module} failed:\n{proc.stderr}")
    wall, cpu = proc.stdout.split()
    return float(wall), float(cpu)


def instructions(path: Path, module: str) -> int:
    """Instructions of `import module` (callgrind, the whole process less an empty one)."""
    counts = []
    for stmt in (f"import sys; sys.path.insert(0, {str(path)!r}); import {module}",
                 f"import sys; sys.path.insert(0, {str(path)!r})"):
        out = Path(f"/tmp/importtime.{os.getpid()}.cg")
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               sys.executable, "-c", stmt], capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        if proc.returncode != 0:
            raise SystemExit(f"callgrind failed:\n{proc.stderr[-2000:]}")
        total = next(line for line in out.read_text().splitlines()
                     if line.startswith(("summary:", "totals:")))
        counts.append(int(total.split()[1]))
        out.unlink()
    return counts[0] - counts[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--classes", type=int, default=200)
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--runs", type=int, default=21, help="fresh processes per variant")
    ap.add_argument("--jobs", type=int, default=2, help="compile jobs for a (re)build")
    ap.add_argument("--cache", type=Path, default=HERE / "_build" / "importtime")
    ap.add_argument("--callgrind", action="store_true", help="also count instructions")
    ap.add_argument("--no-write", action="store_true", help="do not touch results.md")
    args = ap.parse_args(argv)

    work = args.cache / f"c{args.classes}"
    src = work / "src"
    src.mkdir(parents=True, exist_ok=True)
    for path, make in ((src / "synth.h", synthetic_header), (src / "synth.cpp", synthetic_sources)):
        tmp = path.with_suffix(".new")
        make(tmp, args.classes)
        if path.exists() and path.read_text() == tmp.read_text():
            tmp.unlink()  # keep the mtime: swiggen's no-op rebuild and the stamps stay valid
        else:
            tmp.replace(path)

    built: dict[str, tuple[Path, str]] = {}
    for v in args.variants:
        print(f"{v}: ", end="", flush=True)
        path, module, seconds = build(v, work, args.classes, args.jobs)
        built[v] = (path, module)
        print("cached" if seconds is None else f"built in {seconds:.0f} s", flush=True)

    before = uptime()
    samples: dict[str, list[tuple[float, float]]] = {v: [] for v in built}
    rng = random.Random(1)
    order = list(built)
    for _ in range(args.runs):
        rng.shuffle(order)
        for v in order:
            samples[v].append(child(*built[v], args.classes))
    after = uptime()
    counts = {v: instructions(*built[v]) for v in built} if args.callgrind else {}

    lines = table(samples, counts, args.classes)
    lines += ["", f"Load: before `{before}`, after `{after}`."]
    print("\n".join(lines))
    if not args.no_write:
        write(lines, args)
    return 0


def table(samples: dict[str, list[tuple[float, float]]], counts: dict[str, int],
          classes: int) -> list[str]:
    ref = "pybind11" if "pybind11" in samples else next(iter(samples))
    wall = {v: statistics.median(w for w, _ in s) * 1e3 for v, s in samples.items()}
    cpu = {v: statistics.median(c for _, c in s) * 1e3 for v, s in samples.items()}
    head = "| variant | import, wall (ms, median) | import, CPU (ms, median) | CPU / " \
        f"{ref} |" + (" instructions (millions) | instructions / " + ref + " |" if counts else "")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for v in samples:
        row = f"| {v} | {wall[v]:.1f} | {cpu[v]:.1f} | {cpu[v] / cpu[ref]:.2f} |"
        if counts:
            row += f" {counts[v] / 1e6:.0f} | {counts[v] / counts[ref]:.2f} |"
        lines.append(row)
    n = len(next(iter(samples.values())))
    return [f"{classes} classes of a constructor, a field and 10 methods "
            f"(`builders.synthetic_header`); {n} fresh processes per variant, in shuffled "
            "order; the time of `import MODULE` inside each.", ""] + lines


def write(lines: list[str], args: argparse.Namespace) -> None:
    results = HERE / "results.md"
    old = results.read_text() if results.exists() else "# Benchmark results\n"
    block = "\n".join([BEGIN, "## Import time of a 200-class module (benchmarks/importtime.py)", "",
                       f"Generated by `python benchmarks/importtime.py --runs {args.runs}"
                       f"{' --callgrind' if args.callgrind else ''}`; target (issue 20): "
                       "swiggen's import at most pybind11's.", "", *lines, END])
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END):]
    else:
        new = old.rstrip("\n") + "\n\n" + block + "\n"
    results.write_text(new)
    print(f"wrote the importtime section of {results}")


if __name__ == "__main__":
    raise SystemExit(main())
