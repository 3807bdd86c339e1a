"""A class's `make and drop` probe confirmed in a new interpreter (issue #35, folding.py).

Folding counts every crash of a class that crashes when made and dropped as that one; but a
destructor that frees a pointer its constructor never set (spatialindex's `MovingPoint()`)
crashes or not by what the heap held before: in a forked child, after other probes, it may
free a NULL and return, and then its 350 crash findings stand uncounted-for, each on its own,
from one run to the next. So when several crash findings make a class with its maker and its
own `make and drop` probe returned, that probe is run again as a script in a new interpreter
(as a user would run it); if it crashes there, it is a finding, and folding folds the others
into it.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from .findings import Finding
from .folding import CRASHES, dropped_maker
from .probes import Probe
from .runner import Outcome, run

#: this many crash findings making a class are worth the new interpreter
AT_LEAST = 3
SECONDS = 30.0


def redrop(findings: list[Finding], probes: Sequence[Probe], module_dir: Path, module: str,
           timeout: float, env: dict[str, str], memory: int, setup: str,
           finding: Callable[[Probe, Outcome], Finding]) -> int:
    """Run again, in a new interpreter, each `make and drop` probe of a class that crash
    findings make (AT_LEAST of them) but that found nothing; add the findings of those that
    crash (`finding` makes one). How many were added."""
    crashed = {f.probe.id for f in findings}
    todo = []
    for p in probes:
        maker = dropped_maker(p)
        if maker is None or p.id in crashed:
            continue
        made = re.compile(rf"(?<![\w.]){re.escape(maker)}")
        if sum(f.cls in CRASHES and not f.precondition and bool(made.search(f.repro))
               for f in findings) >= AT_LEAST:
            todo.append(dataclasses.replace(p, mode="fresh"))
    if not todo:
        return 0
    got: list[Outcome] = []
    run(todo, module_dir, module, timeout, time.time() + SECONDS, env,
        lambda o: got.append(o) if o.outcome in CRASHES else None, memory, setup)
    for o in got:
        findings.append(finding(todo[o.index], o))
    return len(got)
