"""Running probes so that a crash is a finding, not the end of the run.

`check` starts one server process (`python -m swiggen.check`, under the
sanitizer runtime with `--sanitize`) that imports the module once and then forks a child per
batch of probes. The child runs its probes one after the other, each as the script its
reproduction is (`exec`, in a namespace of its own that is cleared and collected before the
next), and reports each outcome on a pipe as it ends. When the child dies or stops reporting
for longer than the timeout, the first probe without an outcome is the culprit: a `crash` (a
signal, or an exit without a Python traceback), a `sanitizer` report on its stderr, or a
`hang`; when it was not the batch's first probe, it is run again alone, so that its
reproduction is its own code. If it fails only after probes before it, the fewest of them it
needs are found (`prefix`); when one is enough and no other is, it is the culprit
(`blame`, findings.py): a probe that corrupted memory passes, and the next to touch the heap
dies.
`fresh` probes (interpreter exit) run as scripts in a new interpreter instead.

The server reads the probes as JSON on stdin and writes one JSON line per outcome on stdout:
`{"index": 12, "outcome": "crash", "signal": 11, "stderr": "...", "alone": true}`.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import re
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from .child import SANITIZER, STDERR_KEEP, child_main, isolate, keep
from .probes import Probe, repro

#: ASan's allocator refusing a size (where a plain build throws std::bad_alloc: MemoryError,
#: and glibc's calloc returns NULL for a count * size past SIZE_MAX)
SANITIZER_OOM = re.compile(r"AddressSanitizer: (?:allocator is out of memory|requested "
                           r"allocation size|out of memory|allocation-size-too-big|"
                           r"calloc parameters overflow)")
BATCH = {"fork": 40, "leak": 6, "fresh": 1}


@dataclass
class Outcome:
    index: int
    outcome: str  # returned, raised, error, crash, sanitizer, hang, leak
    detail: str = ""
    stderr: str = ""
    signal: int | None = None
    exit: int | None = None
    alone: bool = True
    prefix: list[int] = field(default_factory=list)  # probes that must run first to fail
    blame: bool = False  # the prefix (one probe) is the culprit, not this probe


@dataclass
class RunResult:
    stopped: bool = False  # the budget ran out
    interrupted: bool = False  # Ctrl-C
    import_error: str | None = None
    server_error: str | None = None


def batches(probes: Sequence[Probe]) -> list[list[int]]:
    """Consecutive probes of one mode, in groups of at most BATCH[mode]."""
    out: list[list[int]] = []
    for i, p in enumerate(probes):
        if out and probes[out[-1][0]].mode == p.mode and len(out[-1]) < BATCH[p.mode]:
            out[-1].append(i)
        else:
            out.append([i])
    return out


def run(probes: Sequence[Probe], module_dir: Path, module: str, timeout: float,
        deadline: float, env: dict[str, str], on_outcome: Callable[[Outcome], None],
        memory_limit: int = 0, setup: str = "") -> RunResult:
    """Run the probes in a server process; `deadline` is a time.time() after which no probe
    starts; a child may map `memory_limit` bytes more than the server (0: no limit)."""
    request = {"dir": str(module_dir.resolve()), "module": module, "timeout": timeout,
               "memory_limit": memory_limit,
               "deadline": deadline, "batches": batches(probes),
               "probes": [{"code": repro(p, module, setup), "mode": p.mode} for p in probes]}
    result = RunResult()
    with tempfile.TemporaryDirectory(prefix="swiggen-check-") as work, \
            tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(
            [sys.executable, "-m", "swiggen.check"], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=err, cwd=work, env=env, start_new_session=True)
        assert proc.stdin is not None and proc.stdout is not None
        try:
            proc.stdin.write(json.dumps(request).encode())
            proc.stdin.close()
            for line in proc.stdout:
                msg = json.loads(line)
                if "index" in msg:
                    on_outcome(Outcome(**msg))
                elif "import_error" in msg:
                    result.import_error = msg["import_error"]
                elif msg.get("stopped"):
                    result.stopped = True
            proc.wait()
        except KeyboardInterrupt:  # report what ran so far
            result.interrupted = True
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait()
        if proc.returncode != 0 and result.import_error is None and not result.interrupted:
            err.seek(0)
            text = err.read().decode(errors="replace")[-STDERR_KEEP:]
            result.server_error = f"exit status {proc.returncode}\n{text}"
    return result


# ---- the server (runs in its own process) ----

_child = [0]


def _serve(request: dict[str, Any], out: TextIO) -> None:
    def send(msg: dict[str, Any]) -> None:
        out.write(json.dumps(msg) + "\n")
        out.flush()

    sys.path.insert(0, request["dir"])
    codes = [p["code"] for p in request["probes"]]
    try:
        importlib.import_module(request["module"])
        for extra in ("copy", "pickle", "numpy"):
            if any(f"import {extra}\n" in c for c in codes):
                importlib.import_module(extra)
    except BaseException as exc:  # noqa: BLE001 (the module's import failing is the report)
        import traceback
        send({"import_error": "".join(traceback.format_exception(exc))[-STDERR_KEEP:]})
        return
    gc.collect()
    gc.freeze()  # the children's collections after each probe scan only what the probe made
    server = _Server(request, send)
    for batch in request["batches"]:
        if time.time() > request["deadline"]:
            send({"stopped": True})
            return
        if not server.batch(batch):
            send({"stopped": True})
            return


class _Server:
    def __init__(self, request: dict[str, Any], send: Callable[[dict[str, Any]], None]) -> None:
        self.probes: list[dict[str, Any]] = request["probes"]
        self.timeout: float = request["timeout"]
        self.deadline: float = request["deadline"]
        self.dir: str = request["dir"]
        self.memory: int = request.get("memory_limit", 0)
        self.send = send

    def batch(self, ids: list[int]) -> bool:
        """Run a batch; False when the budget stopped it."""
        if self.probes[ids[0]]["mode"] == "fresh":
            for i in ids:
                self.send(self._fresh(i).__dict__)
            return True
        pending = list(ids)
        while pending:
            done, failure, stopped = self._child(pending)
            for o in done:
                self.send(o.__dict__)
            if stopped:
                return False
            if failure is None:
                return True
            pos = pending.index(failure.index)
            if pos > 0 and failure.outcome in ("crash", "sanitizer"):  # (not a hang: slow)
                failure = self._alone(failure, pending[:pos])
            self.send(failure.__dict__)
            pending = pending[pos + 1:]
        return True

    def _alone(self, failure: Outcome, before: list[int]) -> Outcome:
        """The failure of a probe that was not the first of its child, run again alone; if
        it fails only after others, the fewest of them it needs (`prefix`), and whether that
        one is the culprit (memory it corrupted, state it left), not the probe that died."""
        # (alone, past the budget too: a rerun the deadline stopped is no sign it passes)
        again = self._again([], failure.index, grace=True)
        if again is not None:
            return again
        if self._again(before, failure.index) is None:  # (no longer fails: as it was)
            failure.alone = False
            failure.prefix = list(before)
            return failure
        needed, blame = self._fewest(before, failure.index)
        again = self._again(needed, failure.index) or failure
        again.alone = False
        again.prefix = needed
        again.blame = blame
        return again

    def _again(self, prefix: list[int], i: int, grace: bool = False) -> Outcome | None:
        """Probe i's failure when run after `prefix` in a new child, or None if it passes
        (or the budget stopped it; `grace`: it may run past the budget, for its timeout)."""
        deadline = max(self.deadline, time.time() + self.timeout) if grace else None
        _, again, _ = self._child([*prefix, i], report_prefix=False, deadline=deadline)
        if again is None or again.index != i or again.outcome not in ("crash", "sanitizer"):
            return None
        again.alone = not prefix
        again.prefix = list(prefix)
        return again

    def _fewest(self, before: list[int], i: int) -> tuple[list[int], bool]:
        """The fewest probes of `before` after which probe i still fails: one of them alone
        (nearest first), else each left out in turn where it is not needed; and whether
        that one is to blame: only it of them all makes probe i fail (if two unrelated
        probes each do, probe i's own bad access only needs some heap layout)."""
        hits = []
        for p in reversed(before):
            if self._again([p], i) is not None:
                hits.append(p)
                if len(hits) == 2:
                    break
        if hits:
            return [hits[0]], len(hits) == 1
        needed = list(before)
        for p in before:
            trial = [q for q in needed if q != p]
            if trial and self._again(trial, i) is not None:
                needed = trial
        return needed, False

    def _child(self, ids: list[int], report_prefix: bool = True,
               deadline: float | None = None) -> tuple[list[Outcome], Outcome | None, bool]:
        """Fork a child for the probes: (outcomes, the failure if one, budget stopped);
        `deadline`: instead of the budget's."""
        with tempfile.TemporaryFile() as err, tempfile.TemporaryDirectory(dir=".") as cwd:
            rfd, wfd = os.pipe()
            pid = os.fork()
            if pid == 0:  # the child: never returns
                try:
                    os.setpgid(0, 0)  # (killpg ends what it started; kill(0, sig) spares us)
                    os.close(rfd)
                    os.chdir(cwd)  # files a probe writes are its batch's own
                    isolate()
                    child_main([self.probes[i] for i in ids], ids, wfd, err.fileno(),
                               self.deadline if deadline is None else deadline, self.memory)
                finally:
                    os._exit(0)
            os.close(wfd)
            _child[0] = pid
            done: list[Outcome] = []
            offset = 0
            failure: Outcome | None = None
            stopped = False
            for msg in _messages(rfd, lambda: self._limit(ids, len(done))):
                if msg is None:  # timed out
                    _killpg(pid)
                    failure = Outcome(ids[len(done)], "hang",
                                      f"no outcome within {self._limit(ids, len(done)):g}s")
                    break
                if msg.get("stop"):
                    stopped = True
                    continue
                offset = msg.pop("offset", offset)
                done.append(Outcome(**msg))
            os.close(rfd)
            _, status = os.waitpid(pid, 0)
            _child[0] = 0
            if failure is None and not stopped and len(done) < len(ids):
                failure = Outcome(ids[len(done)], "crash")
                if os.WIFSIGNALED(status):
                    failure.signal = os.WTERMSIG(status)
                    failure.detail = f"killed by {_signame(failure.signal)}"
                else:
                    failure.exit = os.WEXITSTATUS(status)
                    failure.detail = f"exit status {failure.exit} without a Python traceback"
            if failure is not None:
                err.seek(offset)
                failure.stderr = keep(err.read(1 << 20).decode(errors="replace"))
                if SANITIZER_OOM.search(failure.stderr) and failure.outcome == "crash":
                    failure.outcome = "raised"
                    failure.detail = "std::bad_alloc (ASan's allocator refused the size)"
                    failure.stderr, failure.signal, failure.exit = "", None, None
                elif SANITIZER.search(failure.stderr) and failure.outcome == "crash":
                    failure.outcome = "sanitizer"
        if not report_prefix:
            done = []
        return done, failure, stopped

    def _limit(self, ids: list[int], n_done: int) -> float:
        if n_done < len(ids) and self.probes[ids[n_done]]["mode"] == "leak":
            return self.timeout * 5
        return self.timeout

    def _fresh(self, i: int) -> Outcome:
        """A probe as a script in a new interpreter (isolated like a forked child)."""
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [self.dir, env.get("PYTHONPATH")]))
        fault = [] if "asan" in env.get("LD_PRELOAD", "") else ["-X", "faulthandler"]
        argv = [sys.executable, *fault, "-c", self.probes[i]["code"]]
        limit = self.timeout + 2
        with tempfile.TemporaryFile() as err, tempfile.TemporaryDirectory(dir=".") as cwd:
            pid = os.fork()
            if pid == 0:
                try:
                    os.setpgid(0, 0)
                    os.chdir(cwd)
                    isolate()
                    null = os.open(os.devnull, os.O_RDWR)
                    os.dup2(null, 0)
                    os.dup2(err.fileno(), 1)
                    os.dup2(err.fileno(), 2)
                    os.execve(sys.executable, argv, env)
                finally:
                    os._exit(127)
            _child[0] = pid
            status = _wait(pid, limit)
            _child[0] = 0
            err.seek(0)
            text = keep(err.read(1 << 20).decode(errors="replace"))
        if status is None:
            return Outcome(i, "hang", f"no exit within {limit:g}s", text)
        code = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
        o = Outcome(i, "returned", stderr=text)
        if SANITIZER.search(text):
            o.outcome = "sanitizer"
        elif code < 0:
            o.outcome, o.signal = "crash", -code
            o.detail = f"killed by {_signame(-code)}"
        elif code > 0:
            if "Traceback (most recent call last)" in text:
                o.outcome, o.detail = "raised", text.strip().splitlines()[-1][:300]
            else:
                o.outcome, o.exit = "crash", code
                o.detail = f"exit status {code} without a Python traceback"
        if o.outcome in ("returned", "raised"):
            o.stderr = ""
        return o


def _wait(pid: int, limit: float) -> int | None:
    """The child's wait status, or None (and its process group killed) after `limit`s."""
    end = time.monotonic() + limit
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if time.monotonic() > end:
            _killpg(pid)
            os.waitpid(pid, 0)
            return None
        time.sleep(0.005)


def _killpg(pid: int) -> None:
    """Kill a child and what it started (its process group; a namespace dies with its init)."""
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except OSError:
            pass


def _messages(fd: int, limit: Callable[[], float]) -> Iterator[dict[str, Any] | None]:
    """The child's JSON lines; None (and the end) when it is silent for longer than limit()."""
    buf = b""
    while True:
        ready, _, _ = select.select([fd], [], [], limit())
        if not ready:
            yield None
            return
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return
        buf += chunk
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            yield json.loads(line)


def _signame(sig: int) -> str:
    try:
        return signal.Signals(sig).name
    except ValueError:
        return f"signal {sig}"


def _on_term(signum: int, frame: object) -> None:
    if _child[0]:
        _killpg(_child[0])
    os._exit(1)


def main() -> None:
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)  # the module's own prints go to stderr, never into the protocol
    signal.signal(signal.SIGTERM, _on_term)
    signal.signal(signal.SIGINT, _on_term)
    _serve(json.loads(sys.stdin.read()), out)
    out.close()

