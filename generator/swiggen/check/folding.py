"""Findings with one root cause are counted once.

`make and drop`: when the probe that makes an instance of a class with its maker (`o =
MAKER`) and drops it crashes by itself (no earlier probe needed), the class's destructor (or
its constructor) crashes whatever else the probe does: every other crash finding whose
reproduction makes the class the same way (`MAKER` in its code) is folded into that one. A
triage of spatialindex found all its 374 counted crashes made a `MovingPoint()`, whose
destructor frees a pointer its default constructor never set.

Lifetime controls: a lifetime probe that crashes (`c = p.end(); del p; use c`) is run again
without its lifetime step (`c = p.end(); use c`: its `control`, lifetimes.py). If that crashes
too, the finding is no lifetime finding: it becomes the control's, a finding of the name the
control died in (the method of `c` its `File "<probe>"` line calls, else the probe's own name),
and is folded into a crash finding of that name when there is one (its plain call: an end
iterator's `get()` crashes however it was made), else stands for it once. (In xapian, 102 of
103 lifetime findings crashed just the same with the parent alive.)

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


#: the line of the probe's code a crash report (faulthandler's) names
PROBE_LINE = re.compile(r'File "<probe>", line (\d+)')


def needs_control(f: Finding) -> bool:
    """A lifetime finding whose control is to be run: a crash of the probe alone."""
    return (f.cls in CRASHES and f.probe.control is not None and not f.needs_earlier
            and not f.lifetime)


#: a sanitizer's stack frame in a wrapper function (`#1 0x7f.. in _wrap_Cursor_get (...)`)
WRAPPER_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ in _wrap_(\w+?)(?:__SWIG_\d+)? ", re.M)


def used(control: Probe, script: str, stderr: str) -> str:
    """The Python name whose use the control (run as `script`) died in: `c.get()` on the line
    the crash report names is `Cursor.get`, `repr(c)` `Cursor`, `len(c)` `Cursor.__len__`,
    `c[0]` `Cursor.__getitem__`; else the probe's own name (`c = p.end()`: `Table.end`).
    A sanitizer's report has no Python traceback: there, the innermost wrapper function on its
    stack (`_wrap_Cursor_get`) names it, if the script calls that method of an instance."""
    m = PROBE_LINE.search(stderr)
    lines = script.splitlines()
    if m is None or not 1 <= int(m[1]) <= len(lines):
        return _wrapped(control, script, stderr) or control.target
    line = lines[int(m[1]) - 1].strip()
    for var, cls in control.names:
        v = re.escape(var)
        if re.fullmatch(rf"(repr|str)\({v}\)", line):
            return cls
        if re.fullmatch(rf"len\({v}\)", line):
            return f"{cls}.__len__"
        if re.match(rf"{v}\[", line):
            return f"{cls}.__getitem__"
        attr = re.search(rf"(?<![\w.]){v}\.(\w+)", line)
        if attr:
            return f"{cls}.{attr[1]}"
    return control.target


def _wrapped(control: Probe, script: str, stderr: str) -> str | None:
    """`Cursor.get` for a sanitizer's stack whose innermost wrapper frame is `_wrap_Cursor_get`,
    if the script calls `get` of an instance of Cursor (`c.get(`), else None."""
    frame = WRAPPER_FRAME.search(stderr)
    if frame is None:
        return None
    for var, cls in control.names:
        prefix = cls.replace(".", "_") + "_"
        if frame[1].startswith(prefix):
            method = frame[1][len(prefix):]
            if re.search(rf"(?<![\w.]){re.escape(var)}\.{re.escape(method)}\(", script):
                return f"{cls}.{method}"
    return None


def fold_lifetimes(findings: Sequence[Finding]) -> int:
    """Fold each lifetime finding whose control crashed too (`lifetime`: the lifetime probe)
    into a plain crash finding of the name it is now, or into the first such of that name;
    the number folded."""
    first: dict[str, Finding] = {}
    for f in findings:
        if f.cls in CRASHES and f.probe.kind not in ("lifetime", "exit") and not f.lifetime \
                and not f.folded_into and not f.precondition:
            first.setdefault(f.probe.target, f)
    n = 0
    for f in findings:
        if not f.lifetime or f.folded_into or f.precondition or f.cls not in CRASHES:
            continue
        root = first.setdefault(f.probe.target, f)
        if root is not f:
            fold_into(root, f, "the control of a lifetime probe: it crashes without the "
                               f"lifetime step too, a crash of {f.probe.target}, not of a "
                               "lifetime")
            n += 1
    return n


def fold(findings: Sequence[Finding]) -> int:
    """Fold the findings that share a root cause (above); the number folded."""
    return fold_lifetimes(findings) + fold_by_maker(findings)
