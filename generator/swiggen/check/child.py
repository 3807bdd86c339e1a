"""The child side of runner.py: a forked child runs its batch of probes one after the other.

Each probe is the script its reproduction is, run with `exec` in a namespace of its own that is
cleared and collected before the next one; its outcome (returned, raised, leak, or a
sanitizer's report it left on stderr) goes to the server as one JSON line on a pipe, so the
first probe with no line is the one that killed the child. stdin is /dev/null, stdout and
stderr a file the server reads, faulthandler is on (not under ASan, whose report is better), and
the address space may grow by `memory` bytes at most (a size of 2**31 is then MemoryError).
"""

from __future__ import annotations

import builtins
import ctypes
import faulthandler
import gc
import json
import os
import re
import resource
import signal
import sys
import time
from typing import Any

STDERR_KEEP = 4000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
SANITIZER = re.compile(r"ERROR: (?:Address|Leak|Memory|Thread|UndefinedBehavior)Sanitizer|"
                       r"WARNING: AddressSanitizer|: runtime error: ")


#: the lines check's own probes write on stderr start so (evidence.py's predicates' answers)
OWN_LINE = re.compile(r"^swiggen-check-[^\n]*\n", re.M)


def keep(text: str) -> str:
    """What a finding keeps of stderr: a sanitizer's report from its start, else the end. Lines
    of check's own before the report (what an evidence probe's predicates said) are kept ahead of
    it, so the precondition rules read them under `--sanitize` too."""
    m = SANITIZER.search(text)
    if m:
        start = text.rfind("\n", 0, m.start()) + 1
        own = "".join(OWN_LINE.findall(text, 0, start))[:STDERR_KEEP // 4]
        return own + text[start:start + STDERR_KEEP]
    return text[-STDERR_KEEP:]


def isolate() -> None:
    """Go on in a PID namespace of its own, where a probe's `kill(-1, sig)` or `kill(1, sig)`
    (a library's kill wrapper given -1 or 1) reaches only the probe's own processes, not every
    process the user may signal.

    Called in a freshly forked child that leads its own process group. It forks twice: the
    first child is the new namespace's init, which runs the probes in its own child (PID 2:
    for PID 1 a signal it does not handle is ignored, so abort() would not abort) and exits
    with its status (128 + signal for a signal); this process waits and dies the same way, so
    the server sees the probe's signal. Only the probe process returns. Without namespaces
    (not permitted, or a process with threads for an unprivileged user) it returns at once.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        flags = CLONE_NEWPID if os.geteuid() == 0 else CLONE_NEWUSER | CLONE_NEWPID
        if libc.unshare(flags) != 0:
            return
    except (OSError, AttributeError):
        return
    init = os.fork()
    if init:
        _, status = os.waitpid(init, 0)
        code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status)
        if code > 128:
            signal.signal(code - 128, signal.SIG_DFL)
            os.kill(os.getpid(), code - 128)
        os._exit(code)
    worker = os.fork()
    if worker == 0:
        return
    while True:  # the namespace's init: reap orphans until the worker ends
        pid, status = os.wait()
        if pid == worker:
            os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status)
                     else 128 + os.WTERMSIG(status))


def child_main(probes: list[dict[str, Any]], ids: list[int], wfd: int, errfd: int,
               deadline: float, memory: int) -> None:
    """Run the probes and exit (never returns)."""
    try:
        if memory:  # a size of 2**31 allocates until MemoryError, not the machine's swap
            with open("/proc/self/statm") as fh:
                now = int(fh.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
            resource.setrlimit(resource.RLIMIT_AS, (now + memory, resource.RLIM_INFINITY))
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.dup2(errfd, 1)
        os.dup2(errfd, 2)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        if "asan" not in os.environ.get("LD_PRELOAD", ""):  # (ASan's own report is better)
            faulthandler.enable(file=sys.stderr)
        for i, probe in zip(ids, probes):
            if time.time() > deadline:
                _write(wfd, {"stop": True})
                break
            _write(wfd, run_one(i, probe))
    finally:
        os._exit(0)


def run_one(i: int, probe: dict[str, Any]) -> dict[str, Any]:
    before = os.fstat(2).st_size
    ns: dict[str, Any] = {"__name__": "__main__", "__builtins__": builtins}
    out: dict[str, Any] = {"index": i, "outcome": "returned"}
    try:
        exec(compile(probe["code"], "<probe>", "exec"), ns)
        result = ns.get("result")
        if probe["mode"] == "leak" and isinstance(result, dict):
            out["detail"] = repr(result)[:300]
            if result.get("leak"):
                out["outcome"] = "leak"
    except BaseException as exc:  # noqa: BLE001 (any Python exception is an outcome)
        out["outcome"] = "error" if isinstance(exc, SystemError) else "raised"
        out["detail"] = f"{type(exc).__name__}: {exc}"[:300]
        del exc
    ns.clear()
    gc.collect()
    sys.stdout.flush()
    sys.stderr.flush()
    after = os.fstat(2).st_size
    if after > before:
        text = os.pread(2, min(after - before, 1 << 20), before).decode(errors="replace")
        if SANITIZER.search(text):
            out["outcome"] = "sanitizer"
            out["stderr"] = keep(text)
        elif out["outcome"] == "error":
            out["stderr"] = keep(text)
    out["offset"] = after
    return out


def _write(fd: int, msg: dict[str, Any]) -> None:
    data = (json.dumps(msg) + "\n").encode()
    while data:
        data = data[os.write(fd, data):]
