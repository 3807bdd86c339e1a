"""Leak and memory-error check for the ownership rules: 100,000 rounds of every scenario.

    python tests/memcheck/ownership_memcheck.py            # RSS check only (a few seconds)
    python tests/memcheck/ownership_memcheck.py --valgrind # the same under valgrind memcheck

Builds tests/cases/ownership with the real `swiggen build`, then runs factories, adoption,
borrowed references outliving their owner's handle, unique_ptr/shared_ptr round trips and
nested field views. Reports the C++ live-object counters (must return to zero), max-RSS growth
after warm-up, and under valgrind the invalid reads/writes and bytes definitely lost.
Exit status 0 only when all are clean.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

CASE = Path(__file__).resolve().parent.parent / "cases" / "ownership"


def build(out: Path) -> None:
    subprocess.run([sys.executable, "-m", "swiggen", "build", "ownership.h", "--sources",
                    "ownership.cpp", "-m", "ownership", "-o", str(out), "--build-dir",
                    str(out / "build"), "-O1"], cwd=CASE, check=True, capture_output=True)


def scenarios(m, rounds: int) -> None:  # type: ignore[no-untyped-def]
    for i in range(rounds):
        scene = m.Scene()
        child = m.Node(i)
        scene.add(child)
        scene.add(m.make_node(i))
        ref, ptr = scene.at(1), scene.first()
        del scene
        ref.value += ptr.value
        del ref, ptr, child
        m.consume(m.make_unique_node(i))
        r = m.make_resource(i)
        m.keep(r)
        del r
        m.release_kept()
        outer = m.make_outer()
        inner = outer.inner
        del outer
        inner.x = i
        del inner
        m.pooled_node()


def run_child(out: Path, rounds: int) -> int:
    sys.path.insert(0, str(out))
    import ownership as m

    scenarios(m, 1000)
    gc.collect()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    scenarios(m, rounds)
    gc.collect()
    growth = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    live = m.live_nodes() - 1  # the static pool node
    print(f"rounds={rounds} live_nodes={live} live_resources={m.live_resources()} "
          f"max_rss_growth_kib={growth}")
    rss_ok = growth < 4096 or os.environ.get("SWIGGEN_MEMCHECK_VALGRIND")  # valgrind inflates RSS
    return 0 if live == 0 and m.live_resources() == 0 and rss_ok else 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=100_000)
    ap.add_argument("--valgrind", action="store_true")
    ap.add_argument("--child", metavar="OUT", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        return run_child(Path(args.child), args.rounds)
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        build(out)
        cmd = [sys.executable, __file__, "--child", str(out), "--rounds", str(args.rounds)]
        env = dict(os.environ)
        if args.valgrind:
            env["PYTHONMALLOC"] = "malloc"
            env["SWIGGEN_MEMCHECK_VALGRIND"] = "1"
            cmd = ["valgrind", "--tool=memcheck", "--leak-check=full",
                   "--log-file=" + str(Path(tmp) / "vg.log")] + cmd
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        print(proc.stdout.strip())
        if args.valgrind:
            log = (Path(tmp) / "vg.log").read_text()
            invalid = len(re.findall(r"Invalid (read|write|free)", log))
            lost = re.search(r"definitely lost: ([\d,]+) bytes", log)
            print(f"valgrind: invalid accesses={invalid} definitely lost="
                  f"{lost.group(1) if lost else '0'} bytes")
            if invalid:
                print(log[-4000:])
            lost_bytes = int(lost.group(1).replace(",", "")) if lost else 0
            return proc.returncode or (1 if invalid or lost_bytes else 0)
        return proc.returncode


if __name__ == "__main__":
    raise SystemExit(main())
