"""`swiggen check`: it finds each planted kind of failure, with a reproduction that fails the
same way, and nothing on a safe module.

tests/check/unsafe.h is a library of our own with deliberately unsafe functions (a null
dereference, an abort, an infinite loop, a leak, a heap read past the end), built with the real
`swiggen build` and no annotations; tests/check/preconditions.h one whose crashes are broken
preconditions check infers (a zero-filled struct, an assert(), a deliberate exit), a genuine
bug beside them, and one that shows only in a later probe; tests/check/fold.h one whose findings
share causes, each counted once (a class that crashes when dropped, a lifetime probe that crashes
without its lifetime step too). The unit tests at the end (stub
reading, the declaration view, selection, the inference rules, usage errors) build nothing.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO, generator_python, swiggen

from swiggen.check.command import find_module
from swiggen.check.decls import read_decls
from swiggen.check.evidence import MARK, counts_of, first_call, ours, plan_for, said
from swiggen.check.evidence import rule as evidence_rule
from swiggen.check.findings import _module_calls, make_finding
from swiggen.check.folding import used
from swiggen.check.makers import candidates
from swiggen.check.preconditions import ASSERTION, Inference, fatal_arguments, initialisers
from swiggen.check.probes import Probe, plan, select
from swiggen.check.runner import SANITIZER_OOM, Outcome, _Server, run
from swiggen.check.surface import read_stub

FIXTURE = REPO / "tests" / "check"


def _build(root: Path, name: str, env: dict[str, str] | None = None, header: str = "unsafe.h",
           source: str = "unsafe.cpp", module: str = "unsafe") -> Path:
    out = root / name / "out"
    proc = swiggen("build", header, "--sources", source, "-m", module, "-o",
                   str(out), "--build-dir", str(root / name / "build"), "-O1", "-j", "1",
                   cwd=FIXTURE, env=env)
    assert proc.returncode == 0, proc.stderr
    return out


@pytest.fixture(scope="session")
def unsafe(build_root: Path) -> Path:
    return _build(build_root, "check-unsafe")


def check(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([generator_python(), "-m", "swiggen", "check", *args],
                          capture_output=True, text=True, timeout=600, cwd=cwd)


def _report(tmp_path: Path, *args: str) -> tuple[subprocess.CompletedProcess[str], Any]:
    out = tmp_path / "report.json"
    proc = check(*args, "--json", str(out))
    return proc, json.loads(out.read_text())


def _by_target(report: Any) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for f in report["findings"]:
        out.setdefault(f["target"], []).append(f)
    return out


def _run_repro(code: str, folder: Path, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(folder))
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="session")
def unsafe_report(unsafe: Path, tmp_path_factory: pytest.TempPathFactory,
                  ) -> tuple[subprocess.CompletedProcess[str], Any]:
    return _report(tmp_path_factory.mktemp("check"), str(unsafe / "unsafe"), "--timeout", "1")


@pytest.mark.compile
def test_each_planted_failure_is_reported_with_its_class(unsafe_report: Any) -> None:
    proc, report = unsafe_report
    assert proc.returncode == 1, proc.stderr
    found = _by_target(report)
    assert {f["class"] for f in found["deref"]} == {"crash"}
    assert {f["signal"] for f in found["deref"]} == {signal.SIGSEGV}
    assert {f["class"] for f in found["must_be_nonzero"]} == {"crash"}
    assert {f["signal"] for f in found["must_be_nonzero"]} == {signal.SIGABRT}
    assert {f["class"] for f in found["spin"]} == {"hang"}
    assert {f["class"] for f in found["leak"]} == {"leak"}
    # the safe ones, and the read past the end that only a sanitizer sees, are fine
    assert not {"twice", "past_end", "Counter", "Counter.add", "Counter.value"} & set(found)
    # each names its declaration, in the header and the stub
    deref = found["deref"][0]
    assert deref["declared_at"][0]["location"] == "unsafe.h:12"
    assert deref["stub"] == ["deref(n: int) -> int"]
    assert report["counts"] == {"crash": 2, "sanitizer": 0, "hang": 1, "leak": 1, "error": 0}


@pytest.mark.compile
def test_the_report_is_readable(unsafe_report: Any, unsafe: Path) -> None:
    proc, _ = unsafe_report
    text = proc.stdout
    assert "== crash (2 probes) ==" in text
    assert "CRASH  deref: n=-1  (killed by SIGSEGV)" in text
    assert f"PYTHONPATH={unsafe} python -c 'import unsafe; unsafe.deref(-1)'" in text
    assert "declared at unsafe.h:12: int deref(int n);" in text
    assert "Fatal Python error: Segmentation fault" in text
    assert "4 finding(s): 2 crash, 1 hang, 1 leak" in text
    # plain progress lines (stderr is no terminal here)
    assert "check unsafe: " in proc.stderr and "probes" in proc.stderr


@pytest.mark.compile
def test_crash_reproductions_crash(unsafe_report: Any, unsafe: Path) -> None:
    _, report = unsafe_report
    crashes = [f for f in report["findings"] if f["class"] == "crash"]
    assert crashes
    for f in crashes:
        proc = _run_repro(f["repro"], unsafe)
        assert proc.returncode == -f["signal"], (f["repro"], proc.stderr)


@pytest.mark.compile
def test_hang_reproduction_hangs(unsafe_report: Any, unsafe: Path) -> None:
    _, report = unsafe_report
    (hang,) = [f for f in report["findings"] if f["class"] == "hang"]
    assert hang["repro"] == "import unsafe\nunsafe.spin(-1)\n"
    with pytest.raises(subprocess.TimeoutExpired):
        _run_repro(hang["repro"], unsafe, timeout=3)


@pytest.mark.compile
def test_leak_reproduction_measures_the_leak(unsafe_report: Any, unsafe: Path) -> None:
    _, report = unsafe_report
    (leak,) = [f for f in report["findings"] if f["class"] == "leak"]
    proc = _run_repro(leak["repro"], unsafe)
    assert proc.returncode == 0, proc.stderr
    assert "'leak': True" in proc.stdout


@pytest.mark.compile
def test_selection_preconditions_and_exit_status(unsafe: Path, tmp_path: Path) -> None:
    target = str(unsafe / "unsafe")
    proc = check(target, "-k", "twice", "-k", "Counter*")
    assert proc.returncode == 0, proc.stdout
    assert "0 finding(s)" in proc.stdout
    # a bare name, found in --path
    proc = check("unsafe", "--path", str(unsafe), "-k", "must_be_nonzero")
    assert proc.returncode == 1 and "SIGABRT" in proc.stdout
    # marked as a documented precondition: reported, not counted
    proc = check(target, "-k", "must_be_nonzero", "--mark-precondition", "must_be_nonzero")
    assert proc.returncode == 0, proc.stdout
    assert "precondition (marked; not counted): crash" in proc.stdout
    config = tmp_path / "check.toml"
    config.write_text('[check]\npreconditions = ["deref", "must_*"]\n')
    proc = check(target, "-k", "deref", "-k", "must_be_nonzero", "--config", str(config))
    assert proc.returncode == 0, proc.stdout
    assert "2 marked as preconditions" in proc.stdout


@pytest.mark.compile
def test_budget_stops_and_says_so(unsafe: Path) -> None:
    proc = check(str(unsafe / "unsafe"), "--budget", "0.3", "--timeout", "1", "--no-leaks")
    assert "the budget stopped it" in proc.stdout, proc.stdout


@pytest.mark.compile
def test_seed_decides_the_order(unsafe: Path) -> None:
    first = check(str(unsafe / "unsafe"), "--list", "--seed", "1").stdout
    assert first == check(str(unsafe / "unsafe"), "--list", "--seed", "1").stdout
    assert first != check(str(unsafe / "unsafe"), "--list", "--seed", "2").stdout


@pytest.mark.compile
def test_repro_dir(unsafe: Path, tmp_path: Path) -> None:
    proc = check(str(unsafe / "unsafe"), "-k", "deref", "--repro-dir", str(tmp_path / "r"))
    assert proc.returncode == 1
    (path,) = (tmp_path / "r").glob("crash-*deref.py")
    assert _run_repro(path.read_text(), unsafe).returncode == -signal.SIGSEGV


@pytest.mark.compile
def test_example_module_is_safe_but_for_its_documented_precondition(
        build_root: Path, tmp_path: Path) -> None:
    """cpp/example.h: nothing of ours fails; identity(n) allocates n*n doubles, which
    overflows for n >= 2**32 (the library's precondition)."""
    out = build_root / "example" / "out"
    proc = swiggen("build", "cpp/example.h", "--sources", "cpp/example.cpp", "-m", "example",
                   "-o", str(out), "--build-dir", str(build_root / "example" / "build"), "-O1",
                   cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    proc, report = _report(tmp_path, str(out / "example"), "--timeout", "2",
                           "--mark-precondition", "identity")
    assert proc.returncode == 0, proc.stdout
    assert [f["target"] for f in report["findings"]] == ["identity"] * len(report["findings"])
    assert report["runs"][0]["run"] == report["runs"][0]["probes"]


# ---- inferred preconditions: tests/check/preconditions.h ----

PRE_NAMES = ("pre_stack_top", "pre_pool_take", "pre_checked", "pre_value_or_die", "pre_read",
             "pre_lookup", "pre_ready", "pre_panicky", "pre_twice", "pre_fatal",
             "pre_fortified")


@pytest.fixture(scope="session")
def pre(build_root: Path) -> Path:
    return _build(build_root, "check-pre", header="preconditions.h", source="preconditions.c",
                  module="pre")


@pytest.fixture(scope="session")
def pre_report(pre: Path, tmp_path_factory: pytest.TempPathFactory,
               ) -> tuple[subprocess.CompletedProcess[str], Any]:
    selected = [a for n in PRE_NAMES for a in ("-k", n)]
    return _report(tmp_path_factory.mktemp("check-pre"), str(pre / "pre"), "--timeout", "2",
                   *selected)


def _inferred(report: Any, target: str) -> set[str]:
    """The rules (`zero-filled`, ...) of the target's findings; '' for a counted one."""
    return {(f["inferred_precondition"] or "").partition(":")[0]
            for f in _by_target(report).get(target, [])}


@pytest.mark.compile
def test_zero_filled_struct_with_an_initialiser_is_an_inferred_precondition(
        pre_report: Any) -> None:
    """pre_pool_init needs an arena check cannot make, so the pool is zero-filled, and
    pre_pool_take reads its NULL slots: the library's precondition, not the binding's."""
    proc, report = pre_report
    assert _inferred(report, "pre_pool_take") == {"zero-filled"}
    f = _by_target(report)["pre_pool_take"][0]
    assert f["precondition"] and "pre_pool_init()" in f["inferred_precondition"]
    assert "== precondition (inferred: zero-filled; not counted): crash" in proc.stdout


@pytest.mark.compile
def test_initialiser_makes_the_struct_so_the_good_call_succeeds(pre: Path,
                                                                pre_report: Any) -> None:
    """pre_stack_top crashes on a zero-filled pre_stack; check makes one with pre_stack_init
    first, so its good call returns and nothing is reported on it."""
    _, report = pre_report
    assert "pre_stack_top" not in _by_target(report)
    probes = plan(read_stub((pre / "pre.pyi").read_text(), "pre"), seed=0)
    (good,) = [p for p in probes if p.id == "pre_stack_top: good call"]
    assert good.code == "pre.pre_stack_top((lambda o: (pre.pre_stack_init(o), o)[1])(" \
                        "pre.pre_stack()))\n"
    # the initialiser's own good call is given the zero-filled struct it initialises
    (init,) = [p for p in probes if p.id == "pre_stack_init: good call"]
    assert init.code == "pre.pre_stack_init(pre.pre_stack())\n"
    assert _run_repro(f"import pre\n{good.code}", pre).returncode == 0
    assert _run_repro("import pre\npre.pre_stack_top(pre.pre_stack())\n",
                      pre).returncode == -signal.SIGSEGV


@pytest.mark.compile
def test_library_assertion_is_an_inferred_precondition(pre_report: Any) -> None:
    proc, report = pre_report
    assert _inferred(report, "pre_checked") == {"assertion"}
    (f,) = _by_target(report)["pre_checked"]
    assert f["signal"] == signal.SIGABRT and "assert(n >= 0)" in f["inferred_precondition"]
    assert "inferred precondition (assertion): the library's assert(n >= 0) failed" in \
        proc.stdout


@pytest.mark.compile
def test_deliberate_exit_is_an_inferred_precondition(pre_report: Any) -> None:
    _, report = pre_report
    assert _inferred(report, "pre_value_or_die") == {"deliberate exit"}
    assert {f["exit_status"] for f in _by_target(report)["pre_value_or_die"]} == {3}
    assert _inferred(report, "pre_read") == {"deliberate exit"}
    assert all("errors_are_fatal=True" in f["inferred_precondition"]
               for f in _by_target(report)["pre_read"])


@pytest.mark.compile
def test_the_library_is_set_up_first(pre: Path, pre_report: Any) -> None:
    """pre_ready aborts unless pre_library_init() ran, as libsodium's functions do without
    sodium_init(): every probe, and so every reproduction, sets the library up first."""
    _, report = pre_report
    assert "pre_ready" not in _by_target(report)
    assert report["findings"] and all("\npre.pre_library_init()\n" in f["repro"]
                                      for f in report["findings"])
    assert _run_repro("import pre\npre.pre_ready(1)\n", pre).returncode == -signal.SIGABRT


@pytest.mark.compile
def test_library_abort_after_its_own_message_is_an_inferred_precondition(
        pre_report: Any) -> None:
    _, report = pre_report
    assert _inferred(report, "pre_panicky") == {"library abort"}
    assert all("said 'PANIC: unprotected error (bad n)'" in f["inferred_precondition"]
               for f in _by_target(report)["pre_panicky"])
    # glibc's own abort on a double free is the C runtime's message: still a finding
    assert _inferred(report, "pre_twice") == {""}


@pytest.mark.compile
def test_library_abort_before_a_stack_trace_banner_is_an_inferred_precondition(
        pre_report: Any) -> None:
    """glog's LOG(FATAL) says why, then prints "*** Check failure stack trace: ***" (and
    frames): its message is the one before the banner; glibc's own "*** buffer overflow
    detected ***" is still the C runtime's, a finding."""
    _, report = pre_report
    assert _inferred(report, "pre_fatal") == {"library abort"}
    assert all("Check failed: n >= 0" in f["inferred_precondition"]
               for f in _by_target(report)["pre_fatal"])
    assert _inferred(report, "pre_fortified") == {""}


@pytest.mark.compile
def test_genuine_crash_is_still_a_finding(pre_report: Any) -> None:
    proc, report = pre_report
    assert proc.returncode == 1
    assert _inferred(report, "pre_lookup") == {""}
    assert report["counts"]["crash"] == sum(len(_by_target(report)[n]) for n in (
        "pre_lookup", "pre_twice", "pre_fortified")) and _by_target(report)["pre_lookup"]
    assert report["preconditions"]["inferred"] == sum(
        f["precondition"] for f in report["findings"])
    assert "CRASH  pre_lookup: n=0  (killed by SIGSEGV)" in proc.stdout


@pytest.mark.compile
def test_only_inferred_preconditions_exit_0_unless_inference_is_off(pre: Path) -> None:
    target = str(pre / "pre")
    proc = check(target, "-k", "pre_checked", "-k", "pre_value_or_die", "--timeout", "2")
    assert proc.returncode == 0, proc.stdout
    assert "0 finding(s)" in proc.stdout and "inferred as preconditions" in proc.stdout
    proc = check(target, "-k", "pre_checked", "--no-infer-preconditions", "--timeout", "2")
    assert proc.returncode == 1, proc.stdout
    assert "inferred" not in proc.stdout


@pytest.mark.compile
def test_crash_after_an_earlier_probe_is_blamed_on_it(pre: Path) -> None:
    """pre_poison(-1) returns, and leaves pre_current() a NULL table: the child dies in
    pre_current(), which alone is fine, so pre_poison(-1), the only probe that makes it fail,
    is the culprit."""
    probes = [Probe("pre_poison: n=-1", "pre_poison", "arg", "n=-1", "pre.pre_poison(-1)\n"),
              Probe("pre_lookup: good call", "pre_lookup", "call", "good call",
                    "pre.pre_lookup(1)\n"),
              Probe("pre_current: good call", "pre_current", "call", "good call",
                    "pre.pre_current()\n")]
    outcomes: list[Outcome] = []
    run(probes, pre, "pre", 3, float("inf"), dict(os.environ), outcomes.append)
    crash = outcomes[-1]
    assert (crash.index, crash.outcome, crash.prefix, crash.blame) == (2, "crash", [0], True)
    surface = read_stub((pre / "pre.pyi").read_text(), "pre")
    f = make_finding(probes[2], crash, probes, surface, {}, [], Inference(surface, {}))
    assert (f.probe.target, f.died_in, f.needs_earlier) == ("pre_poison", probes[2].id, [])
    assert not f.precondition
    # the call that died is one the user marked: the earlier probe only shaped the memory its
    # undefined behaviour read (spatialindex's MovingPoint()), so the finding is a precondition
    f = make_finding(probes[2], crash, probes, surface, {}, ["pre_current"],
                     Inference(surface, {}))
    assert f.precondition and (f.probe.target, f.died_in) == ("pre_poison", probes[2].id)
    # ... and so is one whose code calls a marked function to make what it uses (a marked
    # maker's object is undefined from then on: spatialindex's MovingPoint())
    made = Probe("pre_lookup: made", "pre_lookup", "call", "made",
                 "pre.pre_lookup(pre.pre_current())\n")
    f = make_finding(made, Outcome(0, "crash", signal=11), [made], surface, {}, ["pre_cur*"],
                     Inference(surface, {}))
    assert f.precondition and f.probe.target == "pre_lookup"
    assert not make_finding(made, Outcome(0, "crash", signal=11), [made], surface, {},
                            ["pre_twice"], Inference(surface, {})).precondition
    assert _module_calls("m.MovingRegion().intersects(m.MovingPoint(), m.ns.make(1)).x()\n",
                         "m") == {"MovingRegion", "MovingPoint", "ns.make"}
    assert _run_repro(f.repro, pre).returncode == -signal.SIGSEGV
    # when either of two earlier probes will do, neither is blamed: the one that died keeps it
    probes[1] = Probe("pre_poison: n=-2", "pre_poison", "arg", "n=-2", "pre.pre_poison(-2)\n")
    outcomes.clear()
    run(probes, pre, "pre", 3, float("inf"), dict(os.environ), outcomes.append)
    crash = outcomes[-1]
    assert (crash.index, crash.prefix, crash.blame) == (2, [1], False)
    f = make_finding(probes[2], crash, probes, surface, {}, [], Inference(surface, {}))
    assert (f.probe.target, f.died_in, f.needs_earlier) == ("pre_current", "", [probes[1].id])
    assert not f.precondition
    # ... unless an earlier probe it needs is of a precondition the user marked: that call's
    # undefined behaviour (git_oid_pathfmt writing past a short str) is the failure's cause
    f = make_finding(probes[2], crash, probes, surface, {}, ["pre_poison"],
                     Inference(surface, {}))
    assert f.precondition and f.probe.target == "pre_current"


# ---- findings with one root cause: tests/check/fold.h ----

@pytest.fixture(scope="session")
def fold(build_root: Path) -> Path:
    return _build(build_root, "check-fold", header="fold.h", source="fold.cpp", module="fold")


@pytest.fixture(scope="session")
def fold_report(fold: Path, tmp_path_factory: pytest.TempPathFactory,
                ) -> tuple[subprocess.CompletedProcess[str], Any]:
    return _report(tmp_path_factory.mktemp("check-fold"), str(fold / "fold"), "--timeout", "2",
                   "--no-leaks")


def _sweep_counts(report: Path) -> tuple[Any, dict[str, int]]:
    """What tools/sweep counts in a check.json."""
    loader = importlib.machinery.SourceFileLoader("sweep", str(REPO / "tools" / "sweep"))
    spec = importlib.util.spec_from_loader("sweep", loader)
    assert spec is not None
    sweep = importlib.util.module_from_spec(spec)
    loader.exec_module(sweep)
    return sweep.count_findings(report)  # type: ignore[no-any-return]


@pytest.mark.compile
def test_crashes_of_a_class_that_crashes_when_dropped_are_folded(
        fold: Path, fold_report: Any) -> None:
    """Brittle() crashes when dropped: every other crash finding that makes a Brittle() (its
    methods, fields, protocols, weigh(Brittle())) is folded into `Brittle: make and drop`,
    counted once; lookup's own crash is still counted."""
    proc, report = fold_report
    assert proc.returncode == 1, proc.stdout + proc.stderr
    (root,) = [f for f in report["findings"] if f["probe"] == "Brittle: make and drop"]
    assert root["class"] == "crash" and not root["precondition"]
    folded = root["folded"]
    assert len(folded) >= 10 and report["folded"] == sum(
        len(f.get("folded", [])) for f in report["findings"])
    assert {"Brittle.size", "Brittle.scale", "Brittle.width", "Brittle", "weigh"} <= {
        f["target"] for f in folded}
    assert all(f["folded_into"] == root["probe"] and "fold.Brittle()" in f["repro"]
               and "makes a Brittle as `fold.Brittle()`" in f["folded_because"]
               for f in folded)
    assert not [f for f in report["findings"] if f is not root and "fold.Brittle()" in f["repro"]
                and f["class"] == "crash"]
    lookups = _by_target(report)["lookup"]
    assert lookups and all(f["class"] == "crash" and "folded" not in f for f in lookups)
    counted = [f for f in report["findings"] if f["class"] == "crash" and not f["precondition"]]
    assert report["counts"]["crash"] == len(counted)
    assert sorted(f["target"] for f in counted) == sorted(
        ["Brittle", "Cursor.get", "Table.cursor", *["lookup"] * len(lookups)])
    # the report lists the folded ones under their root; the summary says how many
    assert f"folded into this one (not counted): {len(folded)} more findings, as it makes a " \
           "Brittle as `fold.Brittle()` too" in proc.stdout
    assert f"; {report['folded']} folded into findings of the same cause" in proc.stdout
    assert "CRASH  Brittle.size" not in proc.stdout
    # what tools/sweep counts: the same
    path = Path(proc.args[proc.args.index("--json") + 1])
    total, counts = _sweep_counts(path)
    assert (total, counts["crash"]) == (len(report["findings"]), len(counted))
    # the root's reproduction crashes alone
    assert _run_repro(root["repro"], fold).returncode == -signal.SIGSEGV


@pytest.mark.compile
def test_lifetime_crash_without_its_lifetime_step_is_the_method_s(fold: Path,
                                                                   fold_report: Any) -> None:
    """Table.past_last()'s cursor crashes when used, the table alive or not: its lifetime probes'
    controls (the table kept alive) crash too, so they are Cursor.get's crash, folded into
    its plain `good call` finding; Table.cursor() used after its table is dropped is a
    genuine lifetime finding (its control passes), still counted."""
    proc, report = fold_report
    found = _by_target(report)
    lifetime = [f for f in report["findings"] if f["kind"] == "lifetime"]
    assert [f["probe"] for f in lifetime] == ["Table.cursor: c = p.cursor(), drop p, use c"]
    assert not lifetime[0]["precondition"] and "folded" not in lifetime[0]
    assert "Table.past_last" not in found
    (get,) = found["Cursor.get"]
    assert get["probe"] == "Cursor.get: good call" and not get["precondition"]
    folded = get["folded"]
    assert {f["lifetime_probe"] for f in folded} == {
        "Table.past_last: c = p.past_last(), drop p, use c"}
    for f in folded:
        assert f["folded_into"] == "Cursor.get: good call" and f["kind"] == "control"
        assert f["target"] == "Cursor.get" and "without the lifetime step" in f["folded_because"]
        # its reproduction is the control's: the table alive, and it crashes
        assert "del p" not in f["repro"] and "c = p.past_last()" in f["repro"]
        assert _run_repro(f["repro"], fold).returncode == -signal.SIGSEGV
    assert report["runs"][0]["lifetime_controls"] == {"run": 2, "crashed": 1}
    assert "folded into this one (not counted): 1 more finding, as the control of a lifetime " \
           "probe: it crashes without the lifetime step too, a crash of Cursor.get" in proc.stdout


def test_the_use_a_control_died_in() -> None:
    """The line of the probe faulthandler names: `c.get()` is Cursor.get; a line of no
    instance's use is the probe's own name."""
    control = Probe("Table.end: c = p.end(), use c", "Table.end", "control",
                    "c = p.end(), use c", "", names=(("p", "Table"), ("c", "Cursor")))
    script = ("import m\np = m.Table()\nc = p.end()\nrepr(c)\ntry:\n    c.get()\n"
              "except Exception:\n    pass\nlen(c)\nc[0]\nx = 1\n")

    def at(line: int) -> str:
        return used(control, script, f'Current thread 0x1 (most recent call first):\n'
                                     f'  File "m.py", line 9 in get\n'
                                     f'  File "<probe>", line {line} in <module>\n')

    assert [at(n) for n in (3, 4, 6, 9, 10, 11, 99)] == [
        "Table.end", "Cursor", "Cursor.get", "Cursor.__len__", "Cursor.__getitem__",
        "Table.end", "Table.end"]
    assert used(control, script, "==1==ERROR: AddressSanitizer: SEGV") == "Table.end"
    # a sanitizer's report has no Python traceback: its innermost wrapper frame names the use
    asan = ("==1==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010\n"
            "    #0 0x7f3 in m::Cursor::get() const (/lib/libm.so+0x1)\n"
            "    #1 0x7f4 in _wrap_Cursor_get{} (/tmp/_m.so+0x2)\n"
            "    #2 0x7f5 in method_vectorcall_NOARGS Objects/descrobject.c:453\n")
    assert used(control, script, asan.format("")) == "Cursor.get"
    assert used(control, script, asan.format("__SWIG_1")) == "Cursor.get"
    # ... of a method the script calls on an instance of that class, else the probe's name
    assert used(control, script, asan.format("").replace("Cursor_get", "Cursor_size")) == \
        "Table.end"
    assert used(control, script, asan.format("").replace("Cursor_get", "Bag_get")) == "Table.end"


def test_a_failure_found_near_the_budget_s_end_is_still_run_alone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A probe that crashes after others in its child is run again alone; when the budget ran
    out meanwhile, that rerun still runs (for its timeout): a rerun the budget stopped said
    nothing, and reading it as "passes alone" blamed the probes before it (xapian's sanitized
    sweep: 11 of them, and the crash went uncontrolled)."""
    import time
    sent: list[dict[str, Any]] = []
    probes = [{"code": "x = 1\n", "mode": "fork"},
              {"code": "import os, time\ntime.sleep(1)\nos.abort()\n", "mode": "fork"}]
    monkeypatch.chdir(tmp_path)
    server = _Server({"probes": probes, "timeout": 10.0, "deadline": time.time() + 0.5,
                      "dir": str(tmp_path)}, sent.append)
    server.batch([0, 1])
    (crash,) = [o for o in sent if o["outcome"] == "crash"]
    assert crash["index"] == 1 and crash["alone"] and crash["prefix"] == [], crash


def _libasan() -> bool:
    try:
        path = subprocess.run(["g++", "-print-file-name=libasan.so"], capture_output=True,
                              text=True).stdout.strip()
    except OSError:
        return False
    return os.path.isabs(path) and os.path.exists(path)


@pytest.mark.compile
@pytest.mark.skipif(not _libasan(), reason="no libasan (g++ -print-file-name=libasan.so)")
def test_sanitizer_report(unsafe: Path, tmp_path: Path) -> None:
    """--rebuild-cmd: the module as built finds nothing in past_end; rebuilt with the
    sanitizers and probed under their runtime, ASan reports the read past the end."""
    cmd = (f"cd {FIXTURE} && {generator_python()} -m swiggen build unsafe.h --sources "
           f"unsafe.cpp -m unsafe -o {{out}} --build-dir {tmp_path / 'build'} -O1 -j 1 -q")
    proc, report = _report(tmp_path, str(unsafe / "unsafe"), "-k", "past_end", "-k", "twice",
                           "--sanitize", "--rebuild-cmd", cmd)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    normal, sanitized = report["runs"]
    assert not normal["sanitizers"] and sanitized["sanitizers"]
    classes = {(f["target"], f["class"]) for f in report["findings"]}
    assert classes == {("past_end", "sanitizer")}
    assert "heap-buffer-overflow" in report["findings"][0]["stderr"]
    assert "ERROR: AddressSanitizer: heap-buffer-overflow" in proc.stdout


# ---- preconditions asked of the object itself: tests/check/state.h ----


@pytest.fixture(scope="session")
def state(build_root: Path) -> Path:
    return _build(build_root, "check-state", header="state.h", source="state.cpp",
                  module="state")


@pytest.fixture(scope="session")
def state_report(state: Path, tmp_path_factory: pytest.TempPathFactory,
                 ) -> tuple[subprocess.CompletedProcess[str], Any]:
    return _report(tmp_path_factory.mktemp("check-state"), str(state / "state"), "--timeout",
                   "2", "--no-leaks")


def _good_call(report: Any, target: str) -> dict[str, Any]:
    (found,) = [f for f in report["findings"] if f["probe"] == f"{target}: good call"]
    return found


@pytest.mark.compile
def test_element_access_on_an_empty_container_is_a_precondition_by_its_predicates(
        state: Path, state_report: Any) -> None:
    """Stack().front() crashes; empty() and size(), asked of the same object in the same
    child just before the call, say it is empty: the library's precondition, and the report
    says what the predicates said. Its reproduction still crashes."""
    proc, report = state_report
    for target in ("Stack.front", "Stack.pop_back"):
        f = _good_call(report, target)
        assert f["precondition"] and f["inferred_precondition"].startswith(
            f"empty container: {target}() on a Stack that is empty just before the call "
            "(empty() is True, size() is 0, len(o) is 0)"), f
        assert _run_repro(f["repro"], state).returncode == -signal.SIGSEGV
    assert "precondition (inferred: empty container; not counted): crash" in proc.stdout
    assert "inferred precondition (empty container): Stack.front() on a Stack that is empty" \
        in proc.stdout
    assert report["runs"][0]["evidence"]["inferred"] >= 4


@pytest.mark.compile
def test_the_same_crash_on_a_non_empty_object_stays_a_finding(state_report: Any) -> None:
    """Broken().front() crashes too, but its size() is 1 and empty() false: a bug, counted."""
    proc, report = state_report
    f = _good_call(report, "Broken.front")
    assert not f["precondition"] and f["inferred_precondition"] is None
    assert proc.returncode == 1 and report["counts"]["crash"] == 1
    assert {x["target"] for x in report["findings"] if not x["precondition"]} == {"Broken.front"}


@pytest.mark.compile
def test_not_ready_index_past_count_and_end_iterator_are_preconditions(
        state_report: Any) -> None:
    """Stream('abc').get_char() with valid() False; Table().get_row(i) with num_rows() 0; a
    Cursor's get() on one equal to Bag().items_end() (a default-constructed one, an end one,
    a begin of an empty range)."""
    _, report = state_report
    assert _good_call(report, "Stream.get_char")["inferred_precondition"].startswith(
        "not ready: Stream.get_char() on a Stream whose valid() is False just before the call")
    rows = [f for f in report["findings"] if f["target"] == "Table.get_row"]
    assert rows and all(f["inferred_precondition"].startswith(
        "index out of range: Table.get_row() given ") and
        "on a Table whose num_rows() is 0 just before the call" in f["inferred_precondition"]
        for f in rows)
    get = _good_call(report, "Cursor.get")
    assert get["inferred_precondition"].startswith(
        "iterator at end: Cursor.get() on a Cursor equal to `state.Bag().items_end()`")
    given = _good_call(report, "Bag.read")["inferred_precondition"]
    assert given.startswith("iterator at end: Bag.read() given an iterator equal to "
                            "`state.Bag().items_end()` just before the call"), given
    # the lifetime probes' controls (an items_begin() and an items_end() cursor used) crash
    # just the same: folded into it (folding.py), not counted either
    assert {f["probe"].partition(" (control")[0] for f in get["folded"]} >= {
        "Cursor.get: c = p.items_begin(), use c", "Cursor.get: c = p.items_end(), use c"}


@pytest.mark.compile
def test_evidence_inference_off_counts_them(state: Path) -> None:
    proc = check(str(state / "state"), "-k", "Stack.front", "--timeout", "2",
                 "--no-infer-preconditions")
    assert proc.returncode == 1 and "inferred" not in proc.stdout, proc.stdout


@pytest.mark.compile
@pytest.mark.skipif(not _libasan(), reason="no libasan (g++ -print-file-name=libasan.so)")
def test_preconditions_are_inferred_under_the_sanitizers_too(state: Path, tmp_path: Path,
                                                            ) -> None:
    """--sanitize: ASan reports the empty Stack's front() as a heap read, and what empty() and
    size() said just before it (written before the report) still sets it apart; Broken.front,
    whose size() is 1, stays a finding."""
    cmd = (f"cd {FIXTURE} && {generator_python()} -m swiggen build state.h --sources "
           f"state.cpp -m state -o {{out}} --build-dir {tmp_path / 'build'} -O1 -j 1 -q")
    proc, report = _report(tmp_path, str(state / "state"), "-k", "Stack.front", "-k",
                           "Broken.front", "--timeout", "5", "--no-leaks", "--sanitize",
                           "--rebuild-cmd", cmd)
    assert report["runs"][1]["sanitizers"], proc.stdout + proc.stderr
    sanitized = [f for f in report["findings"] if f["class"] == "sanitizer"]
    front = [f for f in sanitized if f["probe"] == "Stack.front: good call"]
    assert front and (front[0]["inferred_precondition"] or "").startswith(
        "empty container: Stack.front() on a Stack that is empty just before the call"), front
    assert {f["target"] for f in sanitized if not f["precondition"]} == {"Broken.front"}, \
        proc.stdout


def test_evidence_rules_from_what_the_predicates_said() -> None:
    """The rules read what the predicates said; a crash in the binding's own code (a _wrap_
    frame on top of a sanitizer's stack) is never one."""
    stub = """
class Query:
    def __init__(self) -> None: ...
    def get_num_subqueries(self) -> int: ...
    def get_subquery(self, n: int) -> Query: ...
    def front(self) -> int: ...
    def size(self) -> int: ...
    def open(self, path: str) -> None: ...
    def is_open(self) -> bool: ...
"""
    s = read_stub(stub, "m")
    methods = s.classes["Query"].methods
    assert counts_of("subquery", methods) == ["get_num_subqueries"]
    p = plan_for("m.Query().get_subquery(2**63-1)\n", None, "Query.get_subquery", s, {})
    assert p is not None and p.counts == ("get_num_subqueries",)
    assert "_ev_r = m.Query()" in p.code and "_ev['@index'] = 2**63-1" in p.code
    assert "\n_ev_r.get_subquery(2**63-1)\nsys.stderr.write(" in p.code
    assert evidence_rule(p, {"get_num_subqueries": 0, "@index": 2**63 - 1, "size": 3,
                             "is_open": True}).startswith("index out of range")
    assert evidence_rule(p, {"get_num_subqueries": 5, "@index": 1, "size": 3,
                             "is_open": True}) is None
    front = plan_for("o = m.Query()\no.front()\n", 2, "Query.front", s, {})
    assert front is not None and front.code.startswith("o = m.Query()\n_ev_r = o\n")
    assert evidence_rule(front, {"size": 0, "is_open": True}).startswith("empty container")
    assert evidence_rule(front, {"size": 2, "is_open": True}) is None
    assert evidence_rule(front, {"size": 2, "is_open": False}).startswith("not ready")
    # open() is what makes it ready: its own crash is never excused by is_open()
    opener = plan_for("m.Query().open('abc')\n", None, "Query.open", s, {})
    assert opener is not None and evidence_rule(opener, {"size": 1, "is_open": False}) is None
    assert evidence_rule(front, {"size": 2, "is_open": True}) is None
    src = read_stub("class Source:\n    def __init__(self) -> None: ...\n"
                    "    def at_end(self) -> bool: ...\n    def next(self) -> None: ...\n", "m")
    step = plan_for("m.Source().next()\n", None, "Source.next", src, {})
    assert step is not None and evidence_rule(step, {"at_end": True}).startswith(
        "iterator at end: Source.next() on a Source whose at_end() is True")
    assert evidence_rule(step, {"at_end": False}) is None
    # a lifetime probe's control (`c = p.items_begin()`, used): the receiver's end is the end
    # of the range it was made from, with p alive
    bag = read_stub("class Cursor:\n    def get(self) -> int: ...\n"
                    "class Bag:\n    def __init__(self) -> None: ...\n"
                    "    def items_begin(self) -> Cursor: ...\n"
                    "    def items_end(self) -> Cursor: ...\n", "m")
    code = "p = m.Bag()\nc = p.items_begin()\nrepr(c)\ntry:\n    c.get()\nexcept Exception:\n" \
           "    pass\n"
    for made, end in (("p.items_begin()", "p.items_end()"), ("p.items_end()", "p.items_end()")):
        use = plan_for(code.replace("p.items_begin()", made), None, "Cursor.get", bag, {})
        assert use is not None and f"    _ev['== {end}'] = bool(_ev_r == {end})" in use.code
        assert use.code.startswith(f"p = m.Bag()\nc = {made}\n")
        assert evidence_rule(use, {f"== {end}": True}).startswith(
            f"iterator at end: Cursor.get() on a Cursor equal to `{end}` just before the call")
    # ... a name bound to anything else has no end to compare with
    assert plan_for(code.replace("p.items_begin()", "m.Cursor()"), None, "Cursor.get", bag,
                    {}) is None
    # a leak probe's first call, as the fork probe makes it
    leak = "def make():\n    return [m.Q(), m.It()]\n\n\ndef call(o):\n    o[0].add(o[1])\n\n\n"
    assert first_call(leak + "def rss():\n") == "m.Q().add(m.It())\n"
    assert said(f"x\n{MARK}{{'size': 0}}\nFatal Python error") == {"size": 0}
    assert ours("==1==ERROR: AddressSanitizer: SEGV\n    #0 0x7f in _wrap_Query_front "
                "/tmp/b/m_wrap.cxx:120\n")
    assert not ours("    #0 0x7f in toml::array::front() /usr/include/toml.hpp:9\n"
                    "    #1 0x7f in _wrap_array_front m_wrap.cxx:3\n")
    # UBSan's location decides: the library's inline back(), inlined into the wrapper, is not
    # ours; an enum loaded in the wrapper is
    assert not ours("/usr/include/c++/12/bits/stl_iterator.h:1091:16: runtime error: applying "
                    "non-zero offset 8 to null pointer\n    #0 0x7f in _wrap_array_back "
                    "(/tmp/b/_m.so+0x1)\n")
    assert ours("/tmp/b/m_wrap.cxx:9226:26: runtime error: load of value 12345, which is not a "
                "valid value for type 'Color'\n    #0 0x7f in _wrap_new_Box (/tmp/b/_m.so+0x1)\n")


# ---- unit tests: nothing built ----

STUB = '''
from enum import IntEnum
from typing import Any, overload
import numpy.typing

class Color(IntEnum):
    Red = ...
    Blue = ...

class Tree:
    class Node:
        v: int
        def __init__(self, v: int = ...) -> None: ...
    @property
    def root(self) -> Node: ...
    def __init__(self) -> None: ...
    def find(self, key: str, color: Color | None = ...) -> Tree.Node: ...
    def __getitem__(self, index: int, /) -> Node: ...
    def __len__(self) -> int: ...

@overload
def f(x: int, /) -> int: ...
@overload
def f(s: Sequence[float], a: numpy.typing.NDArray[numpy.int8], /) -> None: ...
def g(cb: collections.abc.Callable[[int], int] | None) -> Tree: ...
LIMIT: int
'''


def test_stub_surface() -> None:
    s = read_stub(STUB, "m")
    assert set(s.classes) == {"Color", "Tree", "Tree.Node"}
    assert s.classes["Color"].is_enum and s.classes["Color"].members == ["Red", "Blue"]
    tree = s.classes["Tree"]
    (root,) = tree.attributes
    assert (root.name, root.ty.kind, root.ty.name, root.writable) == ("root", "class",
                                                                      "Tree.Node", False)
    find = tree.methods["find"].overloads[0]
    assert [p.ty.kind for p in find.params] == ["str", "union"]
    assert find.params[1].ty.main().name == "Color" and find.params[1].has_default
    assert find.returns.name == "Tree.Node"
    f = s.functions["f"]
    assert len(f.overloads) == 2
    assert [p.ty.kind for p in f.overloads[1].params] == ["seq", "array"]
    assert f.overloads[1].params[1].ty.name == "int8"
    assert s.functions["g"].overloads[0].params[0].ty.main().kind == "callable"
    assert s.constants == {"LIMIT": "int"}


def test_plan_makes_instances_and_probes_every_name() -> None:
    probes = plan(read_stub(STUB, "m"), seed=0)
    targets = {p.target for p in probes}
    assert {"f", "g", "Tree.find", "Tree.__getitem__", "Tree.root", "Tree.Node.v",
            "Color", "LIMIT"} <= targets
    codes = [p.code for p in probes]
    assert "m.Tree().find('abc', m.Color.Red)\n" in codes
    assert any("m.Tree()[2**63]" in c.replace("\n", "") or "o[2**63]" in c for c in codes)
    assert any("numpy.zeros(3, dtype=numpy.complex128)" in c for c in codes)
    lifetime = [p for p in probes if p.kind == "lifetime" and p.target == "Tree.__getitem__"]
    assert lifetime and "del p\ngc.collect()" in lifetime[0].code
    assert [p.id for p in select(probes, ["Tree.find"])] == [
        p.id for p in probes if "Tree.find" in p.id]
    assert all(p.target.startswith("Tree.") for p in select(probes, ["Tree.*"]))
    assert not any("Tree" in p.id for p in select(probes, ["not Tree"]))


def test_instances_are_made_by_candidates_best_first() -> None:
    """A constructor with good values first, then factories and methods of classes that can
    be made, and only last None for an opaque (`Any`) pointer."""
    stub = """
class Options:
    create: bool
    def __init__(self, create: bool = ...) -> None: ...
class Db:
    @staticmethod
    def open(options: Options, name: str) -> Db: ...
    def iterate(self) -> Cursor: ...
class Cursor:
    def __init__(self, snapshot: Any) -> None: ...
"""
    found = candidates(read_stub(stub, "m"), 0)
    assert found["Options"] == ["m.Options()", "m.Options(True)"]
    assert found["Db"] == ["m.Db.open(m.Options(), 'abc')", "m.Db.open(m.Options(True), 'abc')"]
    assert found["Cursor"] == ["m.Db.open(m.Options(), 'abc').iterate()",
                               "m.Db.open(m.Options(True), 'abc').iterate()", "m.Cursor(None)"]
    # what worked when run is used as other classes' arguments and receivers
    known = candidates(read_stub(stub, "m"), 0, {"Db": "m.Db.open(m.Options(True), 'x')"})
    assert known["Cursor"][0] == "m.Db.open(m.Options(True), 'x').iterate()"


def test_declaration_view_locations(tmp_path: Path) -> None:
    (tmp_path / "m.h").write_text(
        "// view\nnamespace ns {\n"
        "  class Tree {  // inc/tree.h:10\n  public:\n"
        "    Tree();  // inc/tree.h:12\n"
        "    int & operator[](int i);  // inc/tree.h:13\n"
        "    struct Node {  // inc/tree.h:20\n"
        "      int v;  // inc/tree.h:21\n"
        "    };\n"
        "  };\n"
        "  int free_fn(const char * s);  // inc/tree.h:30\n"
        "}\n")
    d = read_decls(tmp_path)
    assert d["Tree"][0][0] == "inc/tree.h:10"
    assert d["Tree.__init__"][0][0] == "inc/tree.h:12"
    assert d["Tree.__getitem__"][0] == ("inc/tree.h:13", "int & operator[](int i);")
    assert d["Tree.Node.v"][0][0] == "inc/tree.h:21"
    assert d["free_fn"][0][0] == "inc/tree.h:30"


def test_usage_errors(tmp_path: Path) -> None:
    assert "no nothere.pyi" in str(find_module("nothere", tmp_path))
    (tmp_path / "m.pyi").write_text("def f() -> None: ...\n")
    assert "no module m" in str(find_module(str(tmp_path / "m"), Path(".")))
    (tmp_path / "m.py").write_text("")
    assert find_module(str(tmp_path / "m"), Path(".")) == (tmp_path.resolve(), "m")
    assert find_module(str(tmp_path), Path(".")) == (tmp_path.resolve(), "m")
    assert find_module("m", tmp_path) == (tmp_path.resolve(), "m")
    proc = check("nothere", "--path", str(tmp_path))
    assert proc.returncode == 2 and "no nothere.pyi" in proc.stderr


PRE_STUB = """
from typing import Any
class loop_t:
    def __init__(self) -> None: ...
class tcp_t:
    def __init__(self) -> None: ...
class Session:
    def __init__(self) -> None: ...
    def start(self) -> None: ...
def loop_init(loop: loop_t) -> int: ...
def loop_deinit(loop: loop_t) -> int: ...
def tcp_init(loop: loop_t, handle: tcp_t) -> int: ...
def session_init(s: Session) -> int: ...
def loop_run(loop: loop_t, mode: int) -> int: ...
def loop_free(loop: loop_t) -> None: ...
def GetFlagOrDie(name: str) -> int: ...
def load(path: str, errors_are_fatal: bool = ...) -> int: ...
"""


def test_initialisers_are_found_by_name_and_parameter() -> None:
    """`*init*` functions taking a plain C struct (no methods of its own): the struct the
    name says (tcp_init initialises its tcp_t, not its loop); never deinit, nor a class."""
    found = initialisers(read_stub(PRE_STUB, "m"))
    assert {k: [i.function.name for i in v] for k, v in found.items()} == {
        "loop_t": ["loop_init"], "tcp_t": ["tcp_init"]}
    assert found["tcp_t"][0].index == 1
    made = candidates(read_stub(PRE_STUB, "m"), 0)
    assert made["loop_t"] == ["(lambda o: (m.loop_init(o), o)[1])(m.loop_t())", "m.loop_t()"]


def _outcome(**kw: Any) -> Outcome:
    return Outcome(0, **{"outcome": "crash", **kw})


def test_inference_rules() -> None:
    surface = read_stub(PRE_STUB, "m")
    infer = Inference(surface, {"loop_t": "m.loop_t()"})
    segv = _outcome(signal=signal.SIGSEGV)
    run_zero = Probe("loop_run: good call", "loop_run", "call", "good call",
                     "m.loop_run(m.loop_t(), 1)\n")
    assert (infer.rule(run_zero, segv) or "").startswith("zero-filled: it is given a loop_t")
    # what frees its argument, and the initialiser itself, are not excused
    free = Probe("loop_free: good call", "loop_free", "call", "good call",
                 "m.loop_free(m.loop_t())\n")
    assert infer.rule(free, segv) is None
    init = Probe("loop_init: good call", "loop_init", "call", "good call",
                 "m.loop_init(m.loop_t())\n")
    assert infer.rule(init, segv) is None
    # an initialised one is no zero-filled one
    made = "(lambda o: (m.loop_init(o), o)[1])(m.loop_t())"
    run_made = Probe("loop_run: good call", "loop_run", "call", "good call",
                     f"m.loop_run({made}, 1)\n")
    infer = Inference(surface, {"loop_t": made})
    assert infer.rule(run_made, segv) is None
    # the library's assert(), not malloc's nor the wrapper's
    abrt = _outcome(signal=signal.SIGABRT, stderr="python3: reader.c:146: "
                    "yaml_parser_update_buffer: Assertion `parser->read_handler' failed.\n")
    assert (infer.rule(run_made, abrt) or "").startswith(
        "assertion: the library's assert(parser->read_handler) failed (reader.c:146")
    malloc = _outcome(signal=signal.SIGABRT, stderr="Fatal glibc error: malloc assertion "
                      "failure in _int_malloc: (unsigned long) (size) >= (unsigned long) (nb)")
    assert infer.rule(run_made, malloc) is None
    assert not ASSERTION.search("free(): invalid pointer")
    wrapper = _outcome(signal=signal.SIGABRT,
                       stderr="m_wrap.cxx:12: int f(): Assertion `p' failed.")
    assert infer.rule(run_made, wrapper) is None
    # deliberate exits: by name, or with errors made fatal; a signal is no exit
    die = Probe("GetFlagOrDie: name=empty str", "GetFlagOrDie", "arg", "", "m.GetFlagOrDie('')\n")
    assert (infer.rule(die, _outcome(exit=1)) or "").startswith("deliberate exit")
    assert infer.rule(die, _outcome(signal=signal.SIGSEGV)) is None
    load = surface.functions["load"]
    assert fatal_arguments("m.load('x', True)\n", load) == ["errors_are_fatal"]
    assert fatal_arguments("m.load('x', errors_are_fatal=1)\n", load) == ["errors_are_fatal"]
    assert fatal_arguments("m.load('x', False)\n", load) == []
    quiet = Probe("load: path=empty str", "load", "arg", "", "m.load('', False)\n")
    assert infer.rule(quiet, _outcome(exit=1)) is None


def test_asan_refusing_a_size_is_an_allocation_failure() -> None:
    """ASan's allocator refusing a size is taken as the allocation failing (std::bad_alloc, or
    NULL from calloc as glibc returns for a count * size past SIZE_MAX), not as a finding; a
    bad access is not."""
    assert SANITIZER_OOM.search("==2==ERROR: AddressSanitizer: requested allocation size "
                                "0x8000000000000000 exceeds maximum supported size")
    assert SANITIZER_OOM.search("==2==ERROR: AddressSanitizer: calloc parameters overflow: "
                                "count * size (2 * -9223372036854775808) cannot be represented "
                                "in type size_t (thread T0)")
    assert not SANITIZER_OOM.search("==2==ERROR: AddressSanitizer: heap-buffer-overflow on "
                                    "address 0x602000000011")


def test_library_abort_reads_past_a_trailing_stack_trace_banner() -> None:
    """The library's own fatal message before a stack-trace banner is its abort; the C
    runtime's, Python's and the sanitizers' messages are not, banner or not."""
    infer = Inference(read_stub(PRE_STUB, "m"), {})
    probe = Probe("load: good call", "load", "call", "good call", "m.load('x')\n")

    def rule(stderr: str) -> str:
        return infer.rule(probe, _outcome(signal=signal.SIGABRT, stderr=stderr)) or ""

    glog = ("WARNING: Logging before InitGoogleLogging() is written to STDERR\n"
            "F20261204 23:20:58.461557     2 abc:1] Check failed: p != nullptr\n"
            "*** Check failure stack trace: ***\n"
            "    @     0x7f7853a92b80  google::LogMessage::Fail()\n"
            "    @           0x40124d  (unknown)\n"
            "Fatal Python error: Aborted\n\nCurrent thread 0x00007f (most recent call first):\n")
    assert rule(glog).startswith("library abort: the library said 'F20261204 23:20:58")
    assert rule("E0101 x.cc:3] bad\n===== Backtrace: =====\n").startswith("library abort")
    for runtime in ("*** buffer overflow detected ***: terminated",
                    "*** stack smashing detected ***: terminated",
                    "free(): invalid pointer",
                    "double free or corruption (out)",
                    "terminate called after throwing an instance of 'std::bad_alloc'",
                    ("==12==ERROR: AddressSanitizer: heap-use-after-free on address 0x6\n"
                     "SUMMARY: AddressSanitizer: heap-use-after-free\n==12==ABORTING")):
        assert rule(runtime) == "", runtime
        # a banner after the runtime's message leaves it the last: still no excuse
        assert rule(f"{runtime}\n*** Check failure stack trace: ***\n") == "", runtime
