"""measure: interleaved rounds of timeit samples; medians, net of the timing loop itself.

The machine may be shared (other builds, a noisy neighbour), so every round times all variants of
a row back to back in a shuffled order. Two statistics come out of the same samples:

- min: best round of the variant / best round of the C-API module. Interference from other
  processes only ever adds time, so the fastest round is the best estimate of the code's own cost
  (the advice of Python's timeit documentation). This is the headline number.
- median: the median over rounds of (variant / C-API in the same round): a slow spell hits both.
  Close to `min` on a quiet machine; on a busy one it drifts up and gets noisy.
"""

from __future__ import annotations

import random
import statistics
import timeit
import traceback
from dataclasses import dataclass, field
from types import ModuleType
from typing import Callable

try:
    import numpy as np
except ImportError:  # a PyPy without numpy (benchmarks/pypy.py): the numpy row is n/a there
    np = None  # type: ignore[assignment]

from cases import ALL_ROWS, HELPERS, Row


@dataclass
class Cell:
    row: str
    variant: str
    timer: timeit.Timer | None = None
    number: int = 0
    samples: list[float] = field(default_factory=list)  #: ns per call, loop overhead included
    skipped: str = ""  #: why the row is n/a for this variant

    def net(self, overhead: list[float]) -> list[float]:
        """ns per call of each round, net of the timing loop's cost in that round."""
        return [max(s - o, 0.0) for s, o in zip(self.samples, overhead)]

    def ns(self, overhead: list[float], stat: str = "min") -> float | None:
        """min: best round less the loop's best round; median: median of same-round nets."""
        if self.skipped or not self.samples:
            return None
        if stat == "min":
            return max(min(self.samples) - min(overhead), 0.0)
        return statistics.median(self.net(overhead))

    def ratio(self, base: Cell, overhead: list[float], stat: str = "min") -> float | None:
        """min: best round over best round; median: median over rounds of the same-round ratio."""
        if self.skipped or base.skipped or not self.samples or not base.samples:
            return None
        if stat == "min":
            return (self.ns(overhead) or 0.0) / max(base.ns(overhead) or 0.0, 1e-3)
        return statistics.median(a / max(b, 1e-3)
                                 for a, b in zip(self.net(overhead), base.net(overhead)))


def prepare(row: Row, variant: str, module: ModuleType, sample_seconds: float,
            clock: Callable[[], float] = timeit.default_timer) -> Cell:
    """Checks the row and calibrates its timer; `clock` is the timer's clock (pypyworker.py
    passes time.thread_time: CPU time, which a descheduled process does not accumulate)."""
    cell = Cell(row.key, variant)
    ns = {"m": module, "np": np, **HELPERS}
    try:
        exec(row.setup, ns)
        if not eval(row.check, ns):
            cell.skipped = "check failed"
            return cell
        cell.timer = timeit.Timer(row.stmt, timer=clock, globals=ns)
        cell.timer.timeit(100)
    except Exception as exc:  # noqa: BLE001 - any failure means "not supported yet"
        last = traceback.format_exception_only(type(exc), exc)[-1].strip()
        cell.skipped = last[:120]
        cell.timer = None
        return cell
    # Calibrate: enough calls that one sample takes about sample_seconds.
    n = 1000
    while True:
        t = cell.timer.timeit(n)
        if t >= sample_seconds / 4 or n >= 10_000_000:
            break
        n *= 4
    cell.number = max(1000, int(n * sample_seconds / max(t, 1e-9)))
    return cell


def run_rounds(modules: dict[str, ModuleType], rounds: int, sample_seconds: float,
               seed: int = 1, clock: Callable[[], float] = timeit.default_timer,
               ) -> tuple[dict[tuple[str, str], Cell], list[float]]:
    """Returns the cells by (row, variant) and, per round, the timing loop's own cost (ns).
    `clock`: as for `prepare` (time.thread_time: CPU time, for a busy machine)."""
    cells = {(row.key, v): prepare(row, v, mod, sample_seconds, clock)
             for row in ALL_ROWS for v, mod in modules.items()}
    rng = random.Random(seed)
    empty = _EMPTY if clock is timeit.default_timer else timeit.Timer("pass", timer=clock)
    overhead = [one_round(cells, list(modules), rng, sample_seconds, empty)
                for _ in range(rounds)]
    return cells, overhead


_EMPTY = timeit.Timer("pass")  #: one timer for every round: PyPy's JIT compiles its loop once


def one_round(cells: dict[tuple[str, str], Cell], variants: list[str], rng: random.Random,
              sample_seconds: float, empty: timeit.Timer = _EMPTY) -> float:
    """One sample of every cell, the variants of a row back to back in shuffled order; returns
    the timing loop's own cost in this round (ns per iteration), timed by `empty` (a `pass`
    timer on the cells' clock)."""
    empty_n = max(100_000, int(sample_seconds * 5e7))
    overhead = empty.timeit(empty_n) / empty_n * 1e9
    order = list(variants)
    for row in ALL_ROWS:
        rng.shuffle(order)
        for v in order:
            cell = cells.get((row.key, v))  # pypyworker.py prepares cells of ROWS only
            if cell is not None and cell.timer is not None:
                cell.samples.append(cell.timer.timeit(cell.number) / cell.number * 1e9)
    return overhead
