"""`swiggen check [DIR/]NAME`: is this built module safe to hand to users?

Reads NAME.pyi (surface.py), plans the probes (probes.py, objects.py, lifetimes.py), runs them
in forked children (runner.py), sets apart the library's preconditions (preconditions.py) and
reports the findings (findings.py). Exit status: 0 no findings (preconditions excluded), 1
findings, 2 bad usage (no such module, bad options).
See docs/check.md.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import shlex
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from .decls import read_decls
from .evidence import ask
from .findings import CLASSES, Finding, make_finding, report, to_json, write_repros
from .folding import CRASHES, fold, needs_control, used
from .makers import candidates, static_makers
from .preconditions import Inference, library_init
from .probes import Probe, never_called, plan, repro, select
from .redrop import redrop
from .runner import Outcome, run
from .surface import Surface, read_stub

SANITIZER_CXX = "g++ -fsanitize=address,undefined -fno-omit-frame-pointer"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("target", metavar="[DIR/]NAME",
                   help="the module: a folder holding NAME.py, _NAME*.so and NAME.pyi as "
                        "`swiggen build` leaves them, and the module's name")
    p.add_argument("--path", default=".", metavar="DIR",
                   help="where NAME is, when TARGET is a bare name (default: .)")
    p.add_argument("--seed", type=int, default=0, metavar="N",
                   help="order and random values of the probes (default: 0)")
    p.add_argument("--budget", type=float, default=0.0, metavar="SECONDS",
                   help="start no probe after this long; the report says how much was covered "
                        "(default: no limit)")
    p.add_argument("-k", dest="select", action="append", default=[], metavar="PATTERN",
                   help="only probes whose name matches (substring, or glob on the Python name: "
                        "'Vector.*'); 'not PATTERN' excludes; repeatable")
    p.add_argument("--json", metavar="FILE", help="write the report as JSON")
    p.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                   help="a probe with no outcome after this long hangs (default: 3)")
    p.add_argument("--mark-precondition", dest="preconditions", action="append", default=[],
                   metavar="NAME",
                   help="findings on this Python name (or glob) are the library's documented "
                        "precondition: reported, not counted; repeatable")
    p.add_argument("--no-infer-preconditions", dest="infer", action="store_false",
                   help="count every finding: do not infer the library's preconditions (a "
                        "zero-filled struct its initialiser should have set up, the library's "
                        "failed assert(), a deliberate exit: docs/check.md)")
    p.add_argument("--config", metavar="FILE",
                   help="TOML with a [check] table (preconditions, timeout, select)")
    p.add_argument("--sanitize", action="store_true",
                   help="run under the ASan/UBSan runtime (for a module built with "
                        f"CXX=\"{SANITIZER_CXX}\")")
    p.add_argument("--rebuild-cmd", metavar="CMD",
                   help="with --sanitize: first probe TARGET as it is, then run CMD with CXX "
                        "set to the sanitizers, '{out}' in CMD replaced by a new folder, and "
                        "probe the module CMD built there under the sanitizers")
    p.add_argument("--memory-limit", type=int, default=1024, metavar="MB",
                   help="address space a probe may add before allocations fail (MemoryError), "
                        "so that a size of 2**31 is no hang (default: 1024; 0: no limit; "
                        "none under --sanitize)")
    p.add_argument("--no-leaks", dest="leaks", action="store_false",
                   help="skip the (slower) leak probes")
    p.add_argument("--repro-dir", metavar="DIR",
                   help="write each finding's reproduction to DIR/<class>-<n>-<name>.py")
    p.add_argument("--list", action="store_true", help="print the probes and run none")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress, findings only")


def main(args: argparse.Namespace) -> int:
    try:
        return _main(args)
    except KeyboardInterrupt:  # (while planning: a run reports what it found)
        return 130


def _main(args: argparse.Namespace) -> int:
    found = find_module(args.target, Path(args.path))
    if isinstance(found, str):
        print(f"swiggen check: error: {found}", file=sys.stderr)
        return 2
    folder, name = found
    try:
        config = _config(args.config)
    except (OSError, ValueError) as exc:
        print(f"swiggen check: error: {args.config}: {exc}", file=sys.stderr)
        return 2
    preconditions = [*args.preconditions, *config.get("preconditions", [])]
    timeout = args.timeout or float(config.get("timeout", 3.0))
    patterns = [*args.select, *config.get("select", [])]
    if args.rebuild_cmd and not args.sanitize:
        print("swiggen check: error: --rebuild-cmd goes with --sanitize", file=sys.stderr)
        return 2
    start = time.monotonic()
    deadline = time.time() + args.budget if args.budget > 0 else float("inf")
    runs: list[tuple[Path, bool]] = [(folder, args.sanitize and not args.rebuild_cmd)]
    results: list[dict[str, Any]] = []
    findings: list[Finding] = []
    with tempfile.TemporaryDirectory(prefix="swiggen-check-build-") as scratch:
        if args.rebuild_cmd:
            runs.append((Path(scratch), True))
        for n, (where, sanitize) in enumerate(runs):
            if n == 1:
                problem = _rebuild(args.rebuild_cmd, Path(scratch), name)
                if problem:
                    print(f"swiggen check: error: {problem}", file=sys.stderr)
                    return 2
            outcome = check_once(where, name, args, sanitize, deadline, timeout, patterns,
                                 preconditions)
            if isinstance(outcome, int):
                return outcome
            summary, run_findings = outcome
            results.append(summary)
            findings.extend(run_findings)
            if summary["interrupted"]:
                break
    elapsed = time.monotonic() - start
    counted = [f for f in findings if f.counted]
    n_folded = sum(bool(f.folded_into) for f in findings)
    if args.repro_dir:
        write_repros(findings, Path(args.repro_dir))
    print(report(findings, folder))
    print()
    for s in results:
        print(_summary_line(name, s, elapsed))
    by_class = Counter(f.cls for f in counted)
    verdict = ", ".join(f"{by_class[c]} {c}" for c in CLASSES if by_class[c])
    n_inferred = sum(bool(f.inferred) and not f.folded_into for f in findings)
    n_marked = len(findings) - len(counted) - n_inferred - n_folded
    print(f"{len(counted)} finding(s){': ' + verdict if verdict else ''}"
          + (f"; {n_marked} marked as preconditions" if n_marked else "")
          + (f"; {n_inferred} inferred as preconditions" if n_inferred else "")
          + (f"; {n_folded} folded into findings of the same cause" if n_folded else ""))
    if args.json:
        report_json: dict[str, Any] = {"module": name, "dir": str(folder), "seed": args.seed,
                                   "budget": args.budget, "seconds": round(elapsed, 2),
                                   "runs": results,
                                   "counts": {c: by_class[c] for c in CLASSES},
                                   "preconditions": {"marked": n_marked,
                                                     "inferred": n_inferred},
                                   "folded": n_folded}
        Path(args.json).write_text(to_json(findings, report_json))
    if any(s["interrupted"] for s in results):
        return 130
    return 1 if counted else 0


def find_module(target: str, path: Path) -> tuple[Path, str] | str:
    """(folder, NAME) for `DIR/NAME`, `NAME` (in --path), `DIR/NAME.py[i]` or a folder holding
    one stub; else what is wrong."""
    t = Path(target)
    if t.suffix in (".py", ".pyi"):
        t = t.with_suffix("")
    if t.is_dir() and not (t.parent / f"{t.name}.pyi").exists():
        stubs = sorted(t.glob("*.pyi"))
        if len(stubs) == 1:
            t = t / stubs[0].stem
    folder = t.parent if len(t.parts) > 1 or target.startswith(("./", "../")) else path
    name = t.name
    if not name.isidentifier():
        return f"'{target}' names no module: give DIR/NAME or NAME (with --path DIR)"
    if not (folder / f"{name}.pyi").is_file():
        return (f"no {name}.pyi in {folder}: check reads the stub `swiggen build` writes next "
                "to the module")
    if not (folder / f"{name}.py").is_file() and not list(folder.glob(f"_{name}.*")):
        return f"no module {name} in {folder} (neither {name}.py nor _{name}*.so)"
    return folder.resolve(), name


def check_once(folder: Path, name: str, args: argparse.Namespace, sanitize: bool,
               deadline: float, timeout: float, patterns: Sequence[str],
               preconditions: Sequence[str]) -> tuple[dict[str, Any], list[Finding]] | int:
    """One run over the module in `folder`: (summary, findings), or an exit status."""
    surface = read_stub((folder / f"{name}.pyi").read_text(), name)
    env = dict(os.environ)
    if sanitize:
        problem = _sanitizer_env(folder, name, env, args.memory_limit)
        if problem:
            print(f"swiggen check: error: {problem}", file=sys.stderr)
            return 2
    memory = 0 if sanitize else args.memory_limit << 20
    makers = None if args.list else choose_makers(surface, args.seed, folder, env, timeout,
                                                   deadline, memory)
    probes = select(plan(surface, args.seed, leaks=args.leaks and not sanitize,
                         makers=makers), patterns)
    if args.list:
        for p in probes:
            print(f"{p.id}  [{p.kind}, tier {p.tier}{', ' + p.mode if p.mode != 'fork' else ''}]")
        return 0
    decls = read_decls(folder / f"{name}.decls")
    inference = Inference(surface, makers if makers is not None else
                          static_makers(surface, args.seed)) if args.infer else None
    progress = Progress(name + (" (sanitizers)" if sanitize else ""), len(probes),
                        sys.stderr, quiet=args.quiet)
    outcomes: dict[int, Outcome] = {}
    findings: list[Finding] = []

    def on_outcome(o: Outcome) -> None:
        outcomes[o.index] = o
        if o.outcome in CLASSES:
            f = make_finding(probes[o.index], o, probes, surface, decls, preconditions,
                             inference)
            findings.append(f)
        progress.update(len(outcomes), sum(not f.precondition for f in findings))

    started = time.monotonic()
    result = run(probes, folder, name, timeout, deadline, env, on_outcome, memory,
                 library_init(surface))
    progress.done()
    if result.import_error is not None:
        print(f"swiggen check: error: import {name} failed:\n{result.import_error}",
              file=sys.stderr)
        return 2
    if result.server_error is not None:  # the import itself crashed
        o = Outcome(-1, "crash", "import crashed", result.server_error)
        importer = Probe(f"import {name}", name, "import", "import", "")
        findings.append(make_finding(importer, o, probes, surface, decls, preconditions,
                                     inference))
    controls = {"run": 0, "crashed": 0}
    if not result.interrupted:
        controls = run_controls(findings, surface, folder, env, timeout, memory, decls,
                                preconditions, inference)
    if not result.interrupted:
        redrop(findings, probes, folder, name, timeout, env, memory, library_init(surface),
               lambda p, o: make_finding(p, o, probes, surface, decls, preconditions,
                                         inference))
    fold(findings)
    evidence = {"run": 0, "inferred": 0}
    if not result.interrupted and inference is not None and makers is not None:
        evidence = ask(findings, surface, makers, folder, env, timeout, memory,
                       library_init(surface), float("inf"))
    kinds = Counter(o.outcome for o in outcomes.values())
    targets = {p.target for p in probes}
    covered = {probes[i].target for i in outcomes}
    summary = {"sanitizers": sanitize, "probes": len(probes), "run": len(outcomes),
               "stopped_by_budget": result.stopped, "interrupted": result.interrupted,
               "outcomes": dict(kinds),
               "names": len(targets), "names_probed": len(covered),
               "not_probed": sorted(targets - covered)[:50],
               "never_called": sorted(never_called(surface)),
               "lifetime_controls": controls, "evidence": evidence,
               "seconds": round(time.monotonic() - started, 2)}
    return summary, findings


#: how long the lifetime controls may take at most, whatever the budget (they are few: one a
#: crashing lifetime probe)
CONTROL_SECONDS = 60.0


def run_controls(findings: list[Finding], surface: Surface, folder: Path, env: dict[str, str],
                 timeout: float, memory: int, decls: dict[str, list[tuple[str, str]]],
                 preconditions: Sequence[str], inference: Inference | None
                 ) -> dict[str, int]:
    """Run the control of each crashing lifetime probe (folding.py); a finding whose control
    crashes too becomes the control's finding, of the name it died in. How many ran and
    crashed."""
    todo = [i for i, f in enumerate(findings) if needs_control(f)]
    controls = [c for i in todo if (c := findings[i].probe.control) is not None]
    if not controls:
        return {"run": 0, "crashed": 0}
    crashed: dict[int, Outcome] = {}

    def on_outcome(o: Outcome) -> None:
        if o.outcome in CRASHES and not o.prefix:
            crashed[o.index] = o

    setup = library_init(surface)
    run(controls, folder, surface.module, timeout, time.time() + CONTROL_SECONDS, env,
        on_outcome, memory, setup)
    for k, i in enumerate(todo):
        o = crashed.get(k)
        if o is None:
            continue
        c = controls[k]
        target = used(c, repro(c, surface.module, setup), o.stderr)
        control = dataclasses.replace(c, id=f"{target}: {c.label} (control of "
                                      f"'{findings[i].probe.label}')", target=target)
        f = make_finding(control, o, controls, surface, decls, preconditions, inference)
        f.lifetime = findings[i].probe.id
        findings[i] = f
    return {"run": len(controls), "crashed": len(crashed)}


def choose_makers(surface: Surface, seed: int, folder: Path, env: dict[str, str],
                  timeout: float, deadline: float, memory: int) -> dict[str, str]:
    """The first candidate of each class that makes an instance when run (makers.py): up to
    three rounds, each with the classes made so far as arguments and receivers."""
    works: dict[str, str] = {}
    tried: set[str] = set()
    for _ in range(3):
        trial = [Probe(f"make {cls} #{i}", cls, "make", "", f"x = {expr}\n", 0)
                 for cls, exprs in sorted(candidates(surface, seed, works).items())
                 if cls not in works for i, expr in enumerate(exprs) if expr not in tried]
        if not trial:
            break
        tried.update(p.code[len("x = "):].rstrip("\n") for p in trial)
        ok: set[int] = set()
        run(trial, folder, surface.module, min(timeout, 2.0), deadline, env,
            lambda o: ok.add(o.index) if o.outcome == "returned" else None, memory,
            library_init(surface))
        found = False
        for i, p in enumerate(trial):
            if i in ok and p.target not in works:
                works[p.target] = p.code[len("x = "):].rstrip("\n")
                found = True
        if not found:
            break
    return {**static_makers(surface, seed), **works}


def _summary_line(name: str, s: dict[str, Any], elapsed: float) -> str:
    k = s["outcomes"]
    line = (f"check {name}{' under the sanitizers' if s['sanitizers'] else ''}: "
            f"{s['run']} of {s['probes']} probes on {s['names_probed']} of {s['names']} names "
            f"in {s['seconds']:.1f}s ({k.get('returned', 0)} returned, "
            f"{k.get('raised', 0)} raised a Python exception)")
    c = s.get("lifetime_controls") or {}
    if c.get("crashed"):
        line += (f"; {c['crashed']} of {c['run']} crashing lifetime probes crashed without their "
                 "lifetime step too")
    if s["stopped_by_budget"]:
        line += f"; the budget stopped it: {s['probes'] - s['run']} probes not run"
    if s["interrupted"]:
        line += f"; interrupted: {s['probes'] - s['run']} probes not run"
    if s["never_called"]:
        line += (f"\n  not called (they signal or renice other processes): "
                 f"{', '.join(s['never_called'])}")
    return line


def _sanitizer_env(folder: Path, name: str, env: dict[str, str], memory_mb: int) -> str | None:
    libs = sorted(folder.glob(f"_{name}.*so"))
    if libs and b"__asan_init" not in libs[0].read_bytes():
        return (f"{libs[0].name} is not built with AddressSanitizer: build it with "
                f"CXX=\"{SANITIZER_CXX}\" (or give --rebuild-cmd)")
    cxx = shlex.split(os.environ.get("CXX", "g++"))[0]
    if "clang" in cxx:
        cxx = "g++"
    preload = []
    for lib in ("libasan.so", "libstdc++.so"):
        path = subprocess.run([cxx, f"-print-file-name={lib}"], capture_output=True,
                              text=True).stdout.strip()
        if not path or not Path(path).is_absolute() or not Path(path).exists():
            return f"{cxx} knows no {lib}: install the sanitizer runtime (libasan)"
        preload.append(str(Path(path).resolve()))
    env["LD_PRELOAD"] = " ".join(preload + [env["LD_PRELOAD"]] if env.get("LD_PRELOAD")
                                 else preload)
    # a size past the memory limit is refused (reported, and taken as std::bad_alloc)
    limit = f"max_allocation_size_mb={memory_mb}" if memory_mb else ""
    env["ASAN_OPTIONS"] = ":".join(filter(None, ["detect_leaks=0", limit,
                                                 env.get("ASAN_OPTIONS", "")]))
    env["UBSAN_OPTIONS"] = ":".join(filter(None, ["print_stacktrace=1",
                                                  env.get("UBSAN_OPTIONS", "")]))
    return None


def _rebuild(cmd: str, out: Path, name: str) -> str | None:
    env = dict(os.environ)
    env["CXX"] = SANITIZER_CXX
    env.pop("LD_PRELOAD", None)
    proc = subprocess.run(cmd.replace("{out}", shlex.quote(str(out))), shell=True, env=env)
    if proc.returncode != 0:
        return f"--rebuild-cmd failed (exit status {proc.returncode}): {cmd}"
    if not (out / f"{name}.pyi").is_file():
        return f"--rebuild-cmd left no {name}.pyi in {{out}}: write the module there (-o {{out}})"
    return None


def _config(path: str | None) -> dict[str, Any]:
    if not path:
        return {}
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover
        import tomli as tomllib
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    table = data.get("check", data.get("tool", {}).get("swiggen", {}).get("check", {}))
    if not isinstance(table, dict):
        raise ValueError("[check] is not a table")
    unknown = set(table) - {"preconditions", "timeout", "select"}
    if unknown:
        raise ValueError(f"unknown [check] key(s): {', '.join(sorted(unknown))} "
                         "(known: preconditions, timeout, select)")
    return table


class Progress:
    """One line redrawn in place on a terminal; a plain line every tenth of the way otherwise."""

    def __init__(self, name: str, total: int, stream: TextIO, quiet: bool = False) -> None:
        self.name, self.total, self.stream, self.quiet = name, total, stream, quiet
        self.live = stream.isatty()
        self.start = time.monotonic()
        self.last = 0.0
        self.step = max(1, total // 10)
        self.count = 0
        self.findings = 0

    def _text(self) -> str:
        return (f"check {self.name}: {self.count}/{self.total} probes, {self.findings} "
                f"finding(s), {time.monotonic() - self.start:.1f}s")

    def update(self, count: int, findings: int) -> None:
        old = self.count
        self.count, self.findings = count, findings
        if self.quiet:
            return
        if self.live:
            now = time.monotonic()
            if now - self.last > 0.1:
                self.last = now
                self.stream.write(f"\r\x1b[2K{self._text()}")
                self.stream.flush()
        elif count // self.step != old // self.step:
            self.stream.write(self._text() + "\n")
            self.stream.flush()

    def done(self) -> None:
        if self.quiet:
            return
        if self.live:
            self.stream.write(f"\r\x1b[2K{self._text()}\n")
        self.stream.flush()
