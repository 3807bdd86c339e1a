"""The callback benchmark: a C++ loop calling a Python override / a Python callable 1,000,000
times.

    python benchmarks/callbacks.py [--calls N] [--rounds R]

`lib/callbacks.h` is bound three ways (swiggen, pybind11's `functional.h`, nanobind's
`stl/function.h`); each variant's `sum_calls(f, n)` runs a C++ loop calling the std::function
`f` n times, and swiggen's `sum_c(f, n)` does the same through a C callback with user data.
Passing the wrapped C++ function `identity` instead shows the direct call (pybind11 and swiggen;
nanobind calls it through Python). `sum_virtual(h, n)` runs a C++ loop calling the virtual
`h.handle(i)` n times, `h` a Python subclass of `Handler` overriding it: swiggen makes the class
a SWIG director from the `overridable` annotation alone; pybind11 (`PYBIND11_OVERRIDE_PURE`) and
nanobind (`NB_TRAMPOLINE`, `NB_OVERRIDE_PURE`) need the hand-written trampoline class of
`bindings/callbacks_*.cpp`.
The callable is `lambda i: i` and the override `return i`; the time per call is the best of R
rounds divided by n, so it is what one C++ -> Python -> C++ round trip costs (argument and
result conversions, the GIL check, the call). `uptime`'s load is recorded before and after,
since the machine is shared. Results go to stdout and `benchmarks/callbacks_results.md`. Not a
test: nothing here fails on a number.
"""

from __future__ import annotations

import argparse
import importlib
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Callable

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from builders import (BINDINGS, LIB, BuildFailed, compile_and_link, fresh,  # noqa: E402
                      run, swiggen_cmd)

BUILD = HERE / "_build" / "callbacks"


def build_swiggen() -> Path:
    out = fresh(BUILD / "swiggen")
    run([*swiggen_cmd(), "build", str(LIB / "callbacks.h"), "--sources",
         str(LIB / "callbacks.cpp"), "-m", "cbench_swiggen", "-o", str(out),
         "--build-dir", str(out / "build")], cwd=out)
    return out


def build_pybind11() -> Path:
    import pybind11

    out = fresh(BUILD / "pybind11")
    compile_and_link(out, "cbench_pybind11", [BINDINGS / "callbacks_pybind11.cpp",
                                              LIB / "callbacks.cpp"],
                     [f"-I{pybind11.get_include()}"])
    return out


def build_nanobind() -> Path:
    import nanobind

    nb = Path(nanobind.__file__).parent
    out = fresh(BUILD / "nanobind")
    inc = [f"-I{nb / 'include'}", f"-I{nb / 'ext' / 'robin_map' / 'include'}"]
    lib_obj = out / "nb_combined.o"
    run(["g++", "-std=c++17", "-O2", "-fPIC", "-fvisibility=hidden", "-DNDEBUG",
         f"-I{__import__('sysconfig').get_paths()['include']}", *inc, "-DNB_BUILD",
         "-DNB_COMPACT_ASSERTIONS", "-fno-strict-aliasing", "-c",
         str(nb / "src" / "nb_combined.cpp"), "-o", str(lib_obj)])
    compile_and_link(out, "cbench_nanobind", [BINDINGS / "callbacks_nanobind.cpp",
                                              LIB / "callbacks.cpp"], inc, [str(lib_obj)])
    return out


def variant_cases(name: str, mod: ModuleType, f: Callable[[int], int],
                  n: int) -> list[tuple[str, Callable[[], object]]]:
    """The timed calls of one variant's module: (row label, a call of its C++ loop)."""
    cases: list[tuple[str, Callable[[], object]]] = [
        (f"{name}: std::function", lambda: mod.sum_calls(f, n))]
    if hasattr(mod, "identity"):  # a wrapped C++ function passed back
        cases.append((f"{name}: wrapped C++ function passed as the std::function",
                      lambda: mod.sum_calls(mod.identity, n)))
    if hasattr(mod, "sum_virtual"):
        h = override_of(mod.Handler)
        cases.append((f"{name}: Python override of a virtual", lambda: mod.sum_virtual(h, n)))
    if hasattr(mod, "sum_c"):
        cases.append((f"{name}: C callback + user data", lambda: mod.sum_c(f, n)))
    return cases


def best(cases: list[tuple[str, Callable[[], object]]], rounds: int) -> list[tuple[str, float]]:
    """The best time of each case over `rounds` rounds; each round times every case once, so a
    burst of load on the shared machine hits one round of every case, not every round of one."""
    times: dict[str, float] = {label: float("inf") for label, _ in cases}
    for _ in range(rounds):
        for label, fn in cases:
            t0 = time.perf_counter()
            fn()
            times[label] = min(times[label], time.perf_counter() - t0)
    return list(times.items())


def override_of(base: type) -> object:
    """An instance of a Python subclass of `base` whose `handle` returns its argument."""

    class Identity(base):  # type: ignore[valid-type, misc]
        def handle(self, i: int) -> int:
            return i

    return Identity()


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--calls", type=int, default=1_000_000)
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    n = args.calls
    rows: list[tuple[str, str]] = []
    variants = {"swiggen": build_swiggen, "pybind11": build_pybind11, "nanobind": build_nanobind}
    modules = {}
    for name, build in variants.items():
        try:
            sys.path.insert(0, str(build()))
            modules[name] = importlib.import_module(f"cbench_{name}")
        except (BuildFailed, ImportError) as e:
            rows.append((name, f"n/a ({str(e).splitlines()[0][:80]})"))
    f = lambda i: i  # noqa: E731
    expected = n * (n - 1) // 2
    # an empty Python loop of n calls of f: what the callable itself costs
    cases: list[tuple[str, Callable[[], object]]] = [
        ("Python loop calling f (reference)", lambda: sum(map(f, range(n))))]
    for name, mod in modules.items():
        cases += variant_cases(name, mod, f, n)
    for label, fn in cases:
        assert label.startswith("Python loop") or fn() == expected, label
    load_before = uptime()
    timed = best(cases, args.rounds)
    load_after = uptime()
    lines = [f"# Callback benchmark: {n:,} calls from a C++ loop of `lambda i: i` or of a "
             "Python override returning `i`", "",
             f"best of {args.rounds} rounds; Python {sys.version.split()[0]}", "",
             f"- load before: `{load_before}`", f"- load after: `{load_after}`", "",
             "| variant | total (ms) | per call (ns) |", "|---|---:|---:|"]
    lines += [f"| {label} | {t * 1e3:.1f} | {t / n * 1e9:.0f} |" for label, t in timed]
    lines += [f"| {label} | n/a | {why} |" for label, why in rows]
    text = "\n".join(lines) + "\n"
    print(text)
    (HERE / "callbacks_results.md").write_text(text)


if __name__ == "__main__":
    main()
