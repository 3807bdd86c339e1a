"""From outcomes to findings: classification, the report, the JSON file.

A probe that returned or raised a Python exception is fine. A finding is a probe that
- `crash`: killed the process by a signal, or made it exit without a Python traceback;
- `sanitizer`: made ASan/UBSan report on stderr (with `--sanitize`);
- `hang`: gave no outcome within the timeout;
- `leak`: grew the process's memory steadily over repeated calls (lifetimes.LEAK_HARNESS);
- `error`: raised SystemError (the wrapper broke the C API's rules: a result with an
  exception set, or none without one).
Findings of one class on one Python name are one group in the report (its first probe in full,
the others by their values). A group whose name matches `--mark-precondition` (or the config's
`[check] preconditions`) is the library's documented precondition: listed, not counted; so is
one a rule of preconditions.py recognises (`precondition (inferred: RULE)`, with its reason).
A finding that shares its root cause with another (folding.py) is folded into it: listed
under it, not counted.
"""

from __future__ import annotations

import ast
import fnmatch
import json
import re
import shlex
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .child import SANITIZER
from .preconditions import Inference, library_init
from .probes import Probe, imports, repro
from .runner import Outcome
from .surface import Surface

CLASSES = ("crash", "sanitizer", "hang", "leak", "error")


@dataclass
class Finding:
    cls: str
    probe: Probe
    outcome: Outcome
    repro: str
    stub: list[str] = field(default_factory=list)  # the stub's signatures of the target
    header: list[tuple[str, str]] = field(default_factory=list)  # (file:line, C++ declaration)
    precondition: bool = False
    inferred: str = ""  # the rule that made it a precondition (preconditions.py)
    needs_earlier: list[str] = field(default_factory=list)  # probe ids run before it
    died_in: str = ""  # the probe that died, when an earlier one (this) is the culprit
    repro_file: str = ""  # where --repro-dir wrote the reproduction
    hint: str = ""
    folded_into: str = ""  # the probe id of the finding this one is counted as (folding.py)
    fold_reason: str = ""
    #: the lifetime probe whose control this finding is (it crashed without the lifetime step)
    lifetime: str = ""
    folded: list[Finding] = field(default_factory=list)  # the findings counted as this one

    @property
    def counted(self) -> bool:
        return not self.precondition and not self.folded_into


def chain(probes: Sequence[Probe], module: str, setup: str = "") -> str:
    """One script running `probes` in turn (each one's Python exception caught), the last
    one as itself: the reproduction of a failure that needs the probes before it."""
    head = imports("".join(p.code for p in probes), module, setup)
    body = []
    for p in probes[:-1]:
        body.append(f"try:  # {p.id}\n{textwrap.indent(p.code.rstrip(), '    ')}\n"
                    "except Exception:\n    pass\n")
    body.append(f"# {probes[-1].id}\n{probes[-1].code}")
    return head + "".join(body)


def make_finding(probe: Probe, outcome: Outcome, probes: Sequence[Probe], surface: Surface,
                 decls: dict[str, list[tuple[str, str]]], preconditions: Sequence[str],
                 inference: Inference | None = None) -> Finding:
    """The finding of `probe`'s failure; when it failed only after one earlier probe
    (`outcome.prefix`) and no other (`outcome.blame`), that one is the culprit and the
    finding is its. (When it needs several, or any of two will do, they more likely shaped
    the heap its own bad access landed in: it keeps it.)"""
    died_in, dead = "", probe
    if outcome.prefix:
        earlier = [probes[i] for i in outcome.prefix]
        text = chain([*earlier, probe], surface.module, library_init(surface))
        if outcome.blame and len(earlier) == 1 and outcome.outcome in ("crash", "sanitizer"):
            died_in, probe, earlier = probe.id, earlier[0], []
    else:
        earlier, text = [], repro(probe, surface.module, library_init(surface))
    f = Finding(outcome.outcome, probe, outcome, text, _stub(surface, probe.target),
                _header(decls, probe.target), needs_earlier=[p.id for p in earlier],
                died_in=died_in)
    f.hint = _hint(surface, probe, outcome)
    # a failure after a call the library documents as undefined (a marked precondition: it may
    # have written past a buffer, as git_oid_pathfmt into a short str) is that call's, not the
    # probe's that died of it (git_odb_set_commit_graph(None, ...), a TypeError alone); and a
    # marked call that died only after an earlier probe shaped the heap is still the marked
    # call's (spatialindex's MovingPoint() delete[]s an uninitialised pointer: it dies when the
    # memory it reuses is not zero, and the probe run before it is what made it so)
    f.precondition = _marked(probe, preconditions) or _marked(dead, preconditions) or \
        any(_marked(p, preconditions) for p in earlier) or \
        any(_marked_name(n, preconditions)
            for n in _module_calls("".join(p.code for p in [*earlier, probe, dead]),
                                   surface.module))
    if not f.precondition and inference is not None:
        f.inferred = inference.rule(probe, outcome) or ""
        f.precondition = bool(f.inferred)
    return f


def _module_calls(code: str, module: str) -> set[str]:
    """The names the probes' code calls through the module (`MovingPoint` of
    `m.MovingPoint().getVCoord(1)`): constructors, functions, static methods. What one of them
    made under a marked precondition is undefined from then on (spatialindex's MovingPoint()
    leaves a pointer its destructor frees uninitialised): a failure of code that uses it is
    that call's, not the method's it died in."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            parts, f = [], node.func
            while isinstance(f, ast.Attribute):
                parts.append(f.attr)
                f = f.value
            if isinstance(f, ast.Name) and f.id == module and parts:
                out.add(".".join(reversed(parts)))
    return out


def _marked_name(name: str, preconditions: Sequence[str]) -> bool:
    return any(fnmatch.fnmatchcase(name, pat) or pat == name for pat in preconditions)


def _marked(probe: Probe, preconditions: Sequence[str]) -> bool:
    """Whether `probe` is of a precondition the user marked (a glob of targets or probes)."""
    return any(fnmatch.fnmatchcase(probe.target, pat) or fnmatch.fnmatchcase(probe.id, pat)
               or pat in (probe.target, probe.id)  # exact too: `o[10**6]` is no glob class
               for pat in preconditions)


def _hint(surface: Surface, probe: Probe, outcome: Outcome) -> str:
    """What a leak of a function returning an object most likely is."""
    if outcome.outcome != "leak" or probe.label.lstrip("[0123456789] ") != "good call repeated":
        return ""
    f = surface.functions.get(probe.target)
    cls, _, name = probe.target.rpartition(".")
    if f is None and cls in surface.classes:
        f = surface.classes[cls].methods.get(name)
    if f is None or name == "__init__":
        return ""
    returns = {s.returns.main().name for s in f.overloads if s.returns.main().kind == "class"}
    if not returns:
        return ""
    return (f"its result ({', '.join(sorted(returns))}) is never freed: if the caller owns it, "
            "say so (`newobject`, or `deleter(fn)` on the class: docs/ownership.md)")


def _stub(surface: Surface, target: str) -> list[str]:
    if target in surface.functions:
        f = surface.functions[target]
        return [s.text(f.qualname) for s in f.overloads]
    cls_name, _, member = target.rpartition(".")
    cls = surface.classes.get(cls_name)
    if cls is not None:
        if member in cls.methods:
            f = cls.methods[member]
            return [s.text(f.qualname) for s in f.overloads]
        for a in cls.attributes:
            if a.name == member:
                return [f"{target}: {a.text}" + ("" if a.writable else "  (read-only)")]
    if target in surface.classes:
        c = surface.classes[target]
        return [f"class {target}" + (f"({', '.join(c.bases)})" if c.bases else "")]
    return []


def _header(decls: dict[str, list[tuple[str, str]]], target: str) -> list[tuple[str, str]]:
    found = decls.get(target)
    if found:
        return found[:3]
    cls = target.rpartition(".")[0]
    return decls.get(cls, [])[:1]


def groups(findings: Sequence[Finding]) -> list[list[Finding]]:
    """Findings by (class, Python name, inferred rule), in class order, then by name."""
    by: dict[tuple[str, str, str], list[Finding]] = {}
    for f in findings:
        by.setdefault((f.cls, f.probe.target, _rule(f)), []).append(f)
    return [by[k] for k in sorted(by, key=lambda k: (CLASSES.index(k[0]), k[1], k[2]))]


def _rule(f: Finding) -> str:
    """The inferred rule's name: `zero-filled`, `assertion`, `deliberate exit`."""
    return f.inferred.partition(":")[0]


def excerpt(stderr: str, lines: int = 14) -> str:
    """The sanitizer's report from its first line, else Python's fatal error report, else the
    end of stderr (without check's own frames)."""
    text = "\n".join(r for r in stderr.strip("\n").splitlines()
                     if "swiggen/check/runner.py" not in r and "<frozen runpy>" not in r)
    m = SANITIZER.search(text) or re.search("Fatal Python error", text)
    rows = text[text.rfind("\n", 0, m.start()) + 1:].splitlines()[:lines] if m else \
        text.splitlines()[-lines:]
    return "\n".join(r[:200] for r in rows)


def write_repros(findings: Sequence[Finding], folder: Path) -> None:
    """--repro-dir: each finding's reproduction as FOLDER/<class>-<n>-<name>.py (not the
    folded ones': their root's is theirs)."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, f in enumerate((f for f in findings if not f.folded_into), 1):
        safe = re.sub(r"[^A-Za-z0-9_.]+", "_", f.probe.target)[:60]
        path = folder / f"{f.cls}-{n:03d}-{safe}.py"
        path.write_text(f"# {f.cls}: {f.probe.id}\n{f.repro}")
        f.repro_file = str(path)


def report(findings: Sequence[Finding], module_dir: Path, verbose: bool = False) -> str:
    out: list[str] = []
    findings = [f for f in findings if not f.folded_into]
    real = [f for f in findings if not f.precondition]
    marked = [f for f in findings if f.precondition and not f.inferred]
    inferred = [f for f in findings if f.inferred]
    for title, chosen in (("", real), ("precondition (marked; not counted): ", marked),
                          ("precondition (inferred: {rule}; not counted): ", inferred)):
        current = ("", "")
        for g in groups(chosen):
            first = g[0]
            if (first.cls, _rule(first)) != current:
                current = (first.cls, _rule(first))
                n = sum(len(x) for x in groups(chosen) if (x[0].cls, _rule(x[0])) == current)
                head = title.format(rule=_rule(first))
                out.append(f"\n== {head}{first.cls} ({n} probe{'s' if n != 1 else ''}) ==")
            out.append(_one(first, module_dir))
            if len(g) > 1:
                more = ", ".join(f.probe.label for f in g[1:6]) + (", ..." if len(g) > 6 else "")
                out.append(f"  and {len(g) - 1} more probe{'s' if len(g) > 2 else ''} "
                           f"of {first.probe.target} alike: {more}")
    return "\n".join(out)


def _one(f: Finding, module_dir: Path) -> str:
    o = f.outcome
    what = o.detail or f.cls
    lines = [f"\n{f.cls.upper()}  {f.probe.id}  ({what})"]
    for loc, decl in f.header:
        lines.append(f"  declared at {loc}: {decl}")
    for s in f.stub[:3]:
        lines.append(f"  stub: {s}")
    if f.inferred:
        lines.append(f"  inferred precondition ({f.inferred.partition(': ')[0]}): "
                     f"{f.inferred.partition(': ')[2]} (--no-infer-preconditions to count it)")
    if f.hint:
        lines.append(f"  hint: {f.hint}")
    if f.died_in:
        lines.append(f"  the culprit: the process died later, in `{f.died_in}`, which does "
                     "not fail alone: this probe left memory or state it tripped on")
    if f.lifetime:
        lines.append(f"  no lifetime finding: `{f.lifetime}` crashes as well without its "
                     "lifetime step, as here")
    if f.needs_earlier:
        lines.append(f"  fails only after {len(f.needs_earlier)} earlier probe(s) in the same "
                     "process (included below)")
    by_reason: dict[str, list[Finding]] = {}
    for g in f.folded:
        by_reason.setdefault(g.fold_reason, []).append(g)
    for reason, gs in by_reason.items():
        ids = ", ".join(g.probe.id for g in gs[:5]) + (", ..." if len(gs) > 5 else "")
        lines.append(f"  folded into this one (not counted): {len(gs)} more finding"
                     f"{'s' if len(gs) != 1 else ''}, as {reason}: {ids}")
    rows = f.repro.rstrip("\n").splitlines()
    if len(rows) <= 4 and not any(r.startswith(" ") for r in rows):
        lines.append(f"  reproduce: PYTHONPATH={shlex.quote(str(module_dir))} python -c "
                     f"{shlex.quote('; '.join(rows))}")
    else:
        where = f.repro_file or "repro.py"
        lines.append(f"  reproduce: PYTHONPATH={shlex.quote(str(module_dir))} python {where}"
                     + ("" if f.repro_file else ", with repro.py:"))
        if f.probe.mode == "leak":  # the call repeated; the measuring loop is the same always
            rows = rows[:rows.index("def rss():")] + [
                "# ... and check's measuring loop (lifetimes.LEAK_HARNESS: see --json "
                "or --repro-dir)"]
        if not f.repro_file:
            lines.append(textwrap.indent(_shorten("\n".join(r for r in rows if r)), "    | ",
                                         lambda _: True))
    if o.stderr.strip():
        lines.append("  stderr:")
        lines.append(textwrap.indent(excerpt(o.stderr), "    > ", lambda _: True))
    return "\n".join(lines)


def _shorten(text: str, limit: int = 60) -> str:
    rows = text.rstrip("\n").splitlines()
    if len(rows) <= limit:
        return "\n".join(rows)
    return "\n".join([*rows[:limit - 5], f"... ({len(rows) - limit + 5} more lines: see --json)",
                      *rows[-5:]])


def to_json(findings: Sequence[Finding], summary: dict[str, Any]) -> str:
    """The report: `findings` lists the findings not folded (tools/sweep counts those not
    `precondition`), each folded one in its root's `folded`, with `folded_into`."""
    return json.dumps({**summary, "findings": [_item(f) for f in findings if not f.folded_into]},
                      indent=2) + "\n"


def _item(f: Finding) -> dict[str, Any]:
    item: dict[str, Any] = {
        "class": f.cls, "precondition": f.precondition,
        "inferred_precondition": f.inferred or None, "target": f.probe.target,
        "probe": f.probe.id, "kind": f.probe.kind, "mode": f.probe.mode,
        "detail": f.outcome.detail, "signal": f.outcome.signal,
        "exit_status": f.outcome.exit, "stderr": f.outcome.stderr,
        "repro": f.repro, "repro_file": f.repro_file or None,
        "needs_earlier_probes": f.needs_earlier, "died_in": f.died_in or None,
        "hint": f.hint or None, "stub": f.stub,
        "declared_at": [{"location": loc, "declaration": d} for loc, d in f.header],
    }
    if f.lifetime:
        item["lifetime_probe"] = f.lifetime
    if f.folded_into:
        item.update(folded_into=f.folded_into, folded_because=f.fold_reason)
    if f.folded:
        item["folded"] = [_item(g) for g in f.folded]
    return item
