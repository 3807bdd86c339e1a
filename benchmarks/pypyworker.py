"""One interpreter's side of benchmarks/pypy.py: times the rows of cases.py, a round at a time.

    python pypyworker.py '{"sample_ms": 4, "modules": {"swiggen": ["bench_swiggen", "DIR"]}}'

Runs under CPython or PyPy. Imports the modules, checks and calibrates every (row, variant) cell
(measure.prepare), prints one JSON line with the cells it cannot measure, then for every line
"round" on stdin times one round (measure.one_round) and prints its samples as one JSON line:
{"overhead": ns, "samples": {"row/variant": ns per call}}. Anything else on stdin ends it. The
driver alternates the rounds of two workers, so a slow spell of the machine hits both. Samples
are CPU time of the timing thread ("clock": "cpu", time.thread_time), so the time the process
spends descheduled on a busy machine is not counted; "clock": "wall" times with perf_counter.

With "check": true in the spec it times nothing: it prints one JSON line, for every
"row/variant", whether the row's check holds and what its statement evaluates to
(tests/test_pypy.py compares the cffi and ctypes bindings with the swiggen module that way).
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
import timeit
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))

import measure  # noqa: E402
from cases import ROWS, raises  # noqa: E402


def check(modules: dict[str, ModuleType]) -> dict[str, dict[str, str]]:
    """Per "row/variant": {"check": "ok" or why not, "value": what the statement evaluates to}."""
    out = {}
    for row in ROWS:
        for v, mod in modules.items():
            ns = {"m": mod, "np": measure.np, "raises": raises}
            try:
                exec(row.setup, ns)
                ok = "ok" if eval(row.check, ns) else "check failed"
            except Exception as exc:  # noqa: BLE001 - reported, as measure.prepare does
                ok = f"{type(exc).__name__}: {exc}"
            try:
                x = eval(row.stmt, ns)
                plain = isinstance(x, (int, float, str, type(None)))
                value = repr(x) if plain else "an object"  # reprs of objects differ by binding
            except SyntaxError:  # a statement, not an expression: its effect is in the check
                value = ""
            except Exception as exc:  # noqa: BLE001
                value = type(exc).__name__
            out[f"{row.key}/{v}"] = {"check": ok, "value": value}
    return out


def main() -> int:
    spec = json.loads(sys.argv[1])
    sample = float(spec["sample_ms"]) / 1000
    modules = {}
    for variant, (name, folder) in spec["modules"].items():
        sys.path.insert(0, folder)
        modules[variant] = importlib.import_module(name)
    if spec.get("check"):
        print(json.dumps(check(modules)), flush=True)
        return 0
    clock = time.thread_time if spec.get("clock", "cpu") == "cpu" else time.perf_counter
    cells = {(row.key, v): measure.prepare(row, v, mod, sample, clock)
             for row in ROWS for v, mod in modules.items()}
    empty = timeit.Timer("pass", timer=clock)
    for (row, _), cell in cells.items():
        if row == "numpy" and measure.np is None:
            cell.skipped = "numpy is not installed in this interpreter (pip install numpy)"
    print(json.dumps({f"{r}/{v}": c.skipped for (r, v), c in cells.items() if c.skipped}),
          flush=True)
    rng = random.Random(int(spec.get("seed", 1)))
    for line in sys.stdin:
        if line.strip() != "round":
            break
        for cell in cells.values():
            cell.samples.clear()
        overhead = measure.one_round(cells, list(modules), rng, sample, empty)
        print(json.dumps({"overhead": overhead,
                          "samples": {f"{r}/{v}": c.samples[0] for (r, v), c in cells.items()
                                      if c.samples}}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
