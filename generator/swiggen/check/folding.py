"""Findings with one root cause are counted once.

`make and drop`: when the probe that makes an instance of a class with its maker (`o =
MAKER`) and drops it crashes by itself (no earlier probe needed), the class's destructor (or
its constructor) crashes whatever else the probe does: every other crash finding whose
reproduction makes the class the same way (`MAKER` in its code) is folded into that one. A
triage of spatialindex found all its 374 counted crashes made a `MovingPoint()`, whose
destructor frees a pointer its default constructor never set.

A folded finding is no longer counted, nor reported on its own: its root lists it (the report
under the root's entry, the JSON in the root's `folded`, each with `folded_into` and why).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .findings import Finding
from .probes import Probe

#: what a fold is about: a process that died (a hang, a leak or an error is its own finding)
CRASHES = ("crash", "sanitizer")
#: the label of the probe that makes an instance and drops it (objects.class_probes)
MAKE_AND_DROP = "make and drop"


def dropped_maker(probe: Probe) -> str | None:
    """The maker of a `make and drop` probe (`o = MAKER\\ndel o\\n...`), else None."""
    if probe.kind != "object" or probe.label != MAKE_AND_DROP or not probe.code.startswith("o = "):
        return None
    first, _, rest = probe.code[len("o = "):].partition("\n")
    return first if rest.startswith("del o\n") and first else None


def fold_into(root: Finding, f: Finding, reason: str) -> None:
    """`f` is counted as `root`: listed under it (with what it folded itself)."""
    f.folded_into, f.fold_reason = root.probe.id, reason
    root.folded.append(f)
    for g in f.folded:
        g.folded_into = root.probe.id
        root.folded.append(g)
    f.folded = []


def fold_by_maker(findings: Sequence[Finding]) -> int:
    """Fold every crash finding that makes a class as a crashing `make and drop` of it does
    into that one (the simplest maker first, so that a class made of another folds into the
    other's); the number folded."""
    roots = [(m, f) for f in findings if f.cls in CRASHES and not f.needs_earlier
             and not f.folded_into and (m := dropped_maker(f.probe)) is not None]
    roots.sort(key=lambda r: len(r[0]))
    n = 0
    for maker, root in roots:
        if root.folded_into:
            continue
        made = re.compile(rf"(?<![\w.]){re.escape(maker)}")
        cls = root.probe.target
        for f in findings:
            if f is root or f.folded_into or f.cls not in CRASHES or f.precondition:
                continue
            if made.search(f.repro):
                fold_into(root, f, f"it makes a {cls} as `{maker}` too, and one made so and "
                                   "dropped crashes by itself")
                n += 1
    return n


def fold(findings: Sequence[Finding]) -> int:
    """Fold the findings that share a root cause (above); the number folded."""
    return fold_by_maker(findings)
