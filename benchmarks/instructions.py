"""instructions: the rows of cases.py as callgrind instruction counts, which load cannot change.

    python benchmarks/instructions.py                      # every row, every variant built
    python benchmarks/instructions.py --rows hierarchy getitem_oob --variants capi swiggen
    python benchmarks/instructions.py --keep /tmp/cg       # keep the dumps (callgrind_annotate)

Uses the modules `run.py` built in `--build-dir` (builds the missing ones). One process under
`valgrind --tool=callgrind` imports every variant and, for each row and variant, runs the row's
timeit loop k and 2k times (k: about a millisecond of calls, measured first), zeroing the
counters before and dumping them after each (client requests from `lib/cgtoggle.c`). The
difference of the two dumps over k is the instructions of one iteration, free of the fixed costs;
the same for the empty statement is the loop's own cost, subtracted. `PYTHONHASHSEED=0`.
The Markdown table goes into results.md between the instructions markers (`--no-write`: don't).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import builders  # noqa: E402
from cases import ALL_ROWS as ROWS  # noqa: E402

BEGIN, END = "<!-- instructions:begin -->", "<!-- instructions:end -->"
DIRS = {"swiggen": "swiggen/module"}

CHILD = """\
import importlib, json, sys, timeit
spec = json.loads(sys.argv[1])
sys.path[:0] = [spec["cases"], spec["cgtoggle"]] + [p for _, _, p in spec["variants"]]
import cgtoggle
from cases import ALL_ROWS as ROWS, HELPERS
try:
    import numpy as np
except ImportError:
    np = None
mods = {v: importlib.import_module(m) for v, m, _ in spec["variants"]}

def measure(key, v, timer):
    n = 100
    while True:
        t = timer.timeit(n)
        if t > 1e-3 or n >= 20000:
            break
        n *= 2
    k = max(50, min(5000, int(n * 1e-3 / max(t, 1e-9))))
    timer.timeit(k)
    for reps in (k, 2 * k):
        cgtoggle.zero()
        timer.timeit(reps)
        cgtoggle.dump(f"{key}|{v}|{reps}")

measure("_first", "-", timeit.Timer("pass"))  # the first dump also holds the start-up: dropped
measure("_empty", "-", timeit.Timer("pass"))
for row in ROWS:
    if row.key not in spec["rows"]:
        continue
    for v, mod in mods.items():
        ns = {"m": mod, "np": np, **HELPERS}
        try:
            exec(row.setup, ns)
            ok = eval(row.check, ns)
        except Exception:
            ok = False
        if ok:
            measure(row.key, v, timeit.Timer(row.stmt, globals=ns))
"""


def cgtoggle(build_dir: Path) -> Path:
    out = build_dir / "cgtoggle"
    ext = out / f"cgtoggle{sysconfig.get_config_var('EXT_SUFFIX')}"
    src = HERE / "lib" / "cgtoggle.c"
    if not ext.exists() or ext.stat().st_mtime < src.stat().st_mtime:
        out.mkdir(parents=True, exist_ok=True)
        builders.run(["gcc", "-O2", "-fPIC", "-shared", f"-I{sysconfig.get_paths()['include']}",
                      src, "-o", ext])
    return out


def modules(variants: list[str], build_dir: Path, rebuild: bool) -> list[tuple[str, str, str]]:
    found = []
    for v in variants:
        folder = build_dir / DIRS.get(v, v)
        module = f"bench_{v}"
        if rebuild or not any(folder.glob(f"*{module}*.so")):
            print(f"building {v} ...", flush=True)
            b = builders.BUILDERS[v](build_dir)
            folder, module = b.path, b.module
        found.append((v, module, str(folder)))
    return found


def count(spec: dict[str, object], keep: Path | None,
          extra: tuple[str, ...] = ()) -> dict[tuple[str, str], float]:
    """Instructions per iteration, net of the empty loop, by (row, variant)."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        out = folder / "callgrind.out"
        proc = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                               *extra, sys.executable, "-c", CHILD, json.dumps(spec)],
                              capture_output=True, text=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        if proc.returncode != 0:
            raise SystemExit(f"the callgrind child failed:\n{proc.stderr[-3000:]}")
        return parse(folder)


def parse(folder: Path) -> dict[tuple[str, str], float]:
    """The per-iteration counts of a folder of dumps (`count`'s result)."""
    dumps: dict[tuple[str, str, int], int] = {}
    for f in folder.glob("callgrind.out.*"):
        with f.open(errors="replace") as fh:
            head = "".join(next(fh, "") for _ in range(40))
        trigger = re.search(r"^desc: Trigger: Client Request: (.*)$", head, re.M)
        total = re.search(r"^(?:summary|totals): (\d+)", head, re.M)
        if trigger and total:
            key, v, reps = trigger.group(1).split("|")
            dumps[(key, v, int(reps))] = int(total.group(1))
    per: dict[tuple[str, str], float] = {}
    pairs = {(k, v): r for k, v, r in dumps if (k, v, 2 * r) in dumps}
    for (key, v), reps in pairs.items():
        per[(key, v)] = (dumps[(key, v, 2 * reps)] - dumps[(key, v, reps)]) / reps
    per.pop(("_first", "-"), None)
    loop = per.pop(("_empty", "-"))
    return {k: max(x - loop, 0.0) for k, x in per.items()}


def table(per: dict[tuple[str, str], float], variants: list[str], rows: list[str]) -> list[str]:
    head = ["operation", "C-API instructions/call",
            *(builders.LABELS[v] for v in variants if v != "capi")]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in ROWS:
        if row.key not in rows:
            continue
        base = per.get((row.key, "capi"))
        vals = [row.label, "n/a" if base is None else f"{base:,.0f}"]
        for v in variants:
            if v == "capi":
                continue
            x = per.get((row.key, v))
            vals.append("n/a" if x is None or not base else f"{x / base:.2f}")
        lines.append("| " + " | ".join(vals) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--variants", nargs="+", default=list(builders.VARIANTS),
                    choices=builders.VARIANTS)
    ap.add_argument("--rows", nargs="+", default=[r.key for r in ROWS],
                    choices=[r.key for r in ROWS])
    ap.add_argument("--build-dir", type=Path, default=HERE / "_build")
    ap.add_argument("--rebuild", action="store_true", help="build every variant afresh")
    ap.add_argument("--keep", type=Path, help="keep the callgrind dumps in this folder")
    ap.add_argument("--sim", action="store_true",
                    help="also simulate caches and branches (--cache-sim/--branch-sim; the "
                         "kept dumps then hold misses and mispredictions for callgrind_annotate)")
    ap.add_argument("--parse", type=Path, help="only read the dumps an earlier --keep kept")
    ap.add_argument("--json", type=Path, help="also write the counts as JSON")
    ap.add_argument("--no-write", action="store_true", help="do not touch results.md")
    args = ap.parse_args(argv)
    variants = ["capi"] + [v for v in args.variants if v != "capi"]
    build_dir = args.build_dir.resolve()
    t0 = time.perf_counter()
    if args.parse:
        per = parse(args.parse)
    else:
        spec = {"cases": str(HERE), "cgtoggle": str(cgtoggle(build_dir)), "rows": args.rows,
                "variants": modules(variants, build_dir, args.rebuild)}
        per = count(spec, args.keep,
                    ("--cache-sim=yes", "--branch-sim=yes") if args.sim else ())
    lines = table(per, variants, args.rows)
    print("\n".join(lines))
    print(f"({time.perf_counter() - t0:.0f} s under callgrind)")
    if args.json:
        args.json.write_text(json.dumps({f"{k}|{v}": x for (k, v), x in sorted(per.items())},
                                        indent=1))
    if not args.no_write:
        write(lines)
    return 0


def write(lines: list[str]) -> None:
    results = HERE / "results.md"
    old = results.read_text() if results.exists() else "# Benchmark results\n"
    block = "\n".join([
        BEGIN, "## Instructions per call (benchmarks/instructions.py)", "",
        "callgrind instruction counts of one iteration of each row's statement, net of the "
        "timing loop (the difference of k and 2k iterations, one process, `PYTHONHASHSEED=0`); "
        "the variants' columns are ratios to the C-API module's count. The machine's load "
        "does not change these; cycles per instruction differ between rows (a cache miss, "
        "a branch mispredicted), so they back the timed ratios up rather than replace them.",
        "", *lines, END])
    if BEGIN in old and END in old:
        new = old[:old.index(BEGIN)] + block + old[old.index(END) + len(END):]
    else:
        new = old.rstrip("\n") + "\n\n" + block + "\n"
    results.write_text(new)
    print(f"wrote the instructions section of {results}")


if __name__ == "__main__":
    raise SystemExit(main())
