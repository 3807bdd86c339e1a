"""buildscale: how the build of a large module scales with its size and with -j (issue 16).

    python benchmarks/buildscale.py                       # 50 and 200 classes, -j 1 and -j 2
    python benchmarks/buildscale.py --classes 50 200 800  # and a larger one
    python benchmarks/buildscale.py --classes 50 --no-write
    python benchmarks/buildscale.py --classes 200 --no-single   # issue 16's targets (idle!)

For a header of N classes of 10 methods (`builders.synthetic_header`, with trivial definitions so
that the module links and imports) it measures

- the stages, in this process: generate (parse + lower + render NAME.i), SWIG, post-processing
  (`fastcall.rewrite_file`), the split into translation units (`split.write`);
- clean builds with the real command (`swiggen build`): the wrapper as one unit (`--units 1`, as
  before the split) with -j 1, and split (the default) with -j 1 and -j 2: wall time, each
  compile's wall time, CPU time and peak memory (CXX is a recorder around the compiler that
  reads getrusage(RUSAGE_CHILDREN)), the link;
- rebuilds after the -j 2 build: nothing changed; one method changed by an annotation
  (`nogil`: its unit recompiles); one method added to the header and its definition to the
  source (unit 0, the method's unit and the source recompile: headerdiff.py);
- the same API bound with pybind11 and with nanobind (`bindgen.py` generates their binding
  code: one translation unit each, as such bindings usually are), compiled with the same flags
  and the same -j 2, for issue 16's "a quarter of pybind11's clean build" (`--bindings` picks;
  pybind11 takes minutes and GBs at 200 classes).

The machine is shared and busy: compare ratios measured in the same run, and read the load
(`uptime`) recorded with them. Results go into results.md between the buildscale markers (run.py
keeps that block when it rewrites the file).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bindgen  # noqa: E402
from builders import synthetic_header  # noqa: E402
from buildscale_report import BEGIN, END, table  # noqa: E402


RECORDER = """\
import json, os, resource, subprocess, sys, time
start = time.monotonic()
rc = subprocess.call(sys.argv[1:])
kind = "compile" if "-c" in sys.argv else "link" if "-shared" in sys.argv else ""
if kind:
    src = sys.argv[sys.argv.index("-c") + 1] if kind == "compile" else ""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    rss = usage.ru_maxrss  # KiB on Linux
    with open(os.environ["BUILDSCALE_LOG"], "a") as fh:
        fh.write(json.dumps({"kind": kind, "source": os.path.basename(src), "start": start,
                             "seconds": time.monotonic() - start, "rss_mb": rss / 1024,
                             "cpu": usage.ru_utime + usage.ru_stime}) + "\\n")
sys.exit(rc)
"""

KINDS = [("int", "int a, int b", "return a + b;"), ("double", "double x", "return x * 2;"),
         ("std::string", "const std::string& s", "return s + s;"),
         ("void", "std::vector<double> v", "(void)v;"), ("bool", "", "return true;")]


def synthetic_sources(path: Path, classes: int, methods: int = 10) -> Path:
    """Trivial definitions of `synthetic_header`'s constructors and methods."""
    lines = ['#include "synth.h"', "namespace synth {"]
    for c in range(classes):
        lines.append(f"C{c}::C{c}() {{}}")
        for m in range(methods):
            ret, params, body = KINDS[m % len(KINDS)]
            lines.append(f"{ret} C{c}::m{m}({params}) {{ {body} }}")
    lines.append("}  // namespace synth")
    path.write_text("\n".join(lines) + "\n")
    return path


def uptime() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()
    except OSError:
        return "load: " + " ".join(f"{x:.2f}" for x in os.getloadavg())


@dataclass
class Build:
    label: str
    seconds: float
    summary: str
    records: list[dict[str, float | str]] = field(default_factory=list)

    def compiles(self) -> list[dict[str, float | str]]:
        return [r for r in self.records if r["kind"] == "compile"]

    def units(self) -> list[dict[str, float | str]]:
        return [r for r in self.compiles() if "_wrap" in str(r["source"]) and
                not str(r["source"]).endswith(".h")]

    def pch(self) -> list[dict[str, float | str]]:
        """The precompiled prelude's compile (pch.py), if the build made one."""
        return [r for r in self.compiles() if str(r["source"]).endswith("_prelude.h")]

    def compiled(self) -> str:
        units, pch = self.units(), self.pch()
        if self.label.startswith(("pybind11", "nanobind")):
            return f"{len(self.compiles())} TUs"
        rest = len(self.compiles()) - len(units) - len(pch)
        return f"{len(units)} units{' + PCH' if pch else ''} + {rest} source"

    def link(self) -> float:
        return sum(float(r["seconds"]) for r in self.records if r["kind"] == "link")

    def cpu(self) -> float:
        """The compilers' CPU time (user + system): what a busy machine inflates least."""
        return sum(float(r.get("cpu", 0.0)) for r in self.compiles())

    def peak_mb(self) -> float:
        return max((float(r["rss_mb"]) for r in self.compiles()), default=0.0)


def _cpu() -> float:
    """CPU seconds (user + system) of this process and its finished children: a stage's CPU
    time, which a busy machine inflates far less than its wall time."""
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(
        resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def stages(work: Path) -> dict[str, float]:
    """generate, SWIG, post-processing and split times of synth.h, in this process: wall time
    under each stage's name, CPU time (SWIG's process included) under "cpu:" and the name."""
    from swiggen.swig import fastcall, split
    from swiggen import pipeline
    from swiggen.specs import ModuleSpec
    from swiggen.render.interface import render_interface
    from swiggen.swig.run import run_swig

    spec = ModuleSpec(module="synth", headers=(str(work / "src" / "synth.h"),))
    out: dict[str, float] = {}

    def timed(name: str, start: tuple[float, float]) -> None:
        out[name] = time.perf_counter() - start[0]
        out[f"cpu:{name}"] = _cpu() - start[1]

    def now() -> tuple[float, float]:
        return time.perf_counter(), _cpu()

    t0 = now()
    prepared = pipeline.prepare(spec)
    interface = work / "stages" / "synth.i"
    interface.parent.mkdir(parents=True, exist_ok=True)
    interface.write_text(render_interface(prepared.plan))
    timed("generate", t0)
    raw = work / "stages" / "raw_wrap.cxx"
    real = fastcall.rewrite_file
    fastcall.rewrite_file = lambda path: bool(shutil.copyfile(path, raw))  # SWIG alone
    try:
        t0 = now()
        run_swig(interface, "synth", work / "stages" / "swig", prepared.swig_include_dirs, ())
        timed("swig", t0)
    finally:
        fastcall.rewrite_file = real
    wrapper = work / "stages" / "synth_wrap.cxx"
    shutil.copyfile(raw, wrapper)
    t0 = now()
    fastcall.rewrite_file(wrapper)
    timed("post-processing", t0)
    t0 = now()
    made = split.write(wrapper, 0)
    timed("split", t0)
    out["units"] = float(len(made)) if isinstance(made, list) else 1.0
    out["wrapper_mb"] = wrapper.stat().st_size / 1e6
    out["wrapper_lines"] = float(wrapper.read_bytes().count(b"\n"))
    return out


def build(work: Path, label: str, jobs: int, units: int | None, fresh: bool = True,
          config: Path | None = None, pch: bool = True) -> Build:
    """One `swiggen build` of synth.h in `work` (a fresh build folder unless `fresh` is False)."""
    bld, log = work / "bld", work / "cxx.log"
    if fresh:
        shutil.rmtree(bld, ignore_errors=True)
        shutil.rmtree(work / "out", ignore_errors=True)
    log.unlink(missing_ok=True)
    compiler = os.environ.get("CXX") or shutil.which("g++") or "c++"
    env = {**os.environ, "CXX": f"{sys.executable} {work / 'cxx.py'} {compiler}",
           "BUILDSCALE_LOG": str(log)}
    cmd = [sys.executable, "-m", "swiggen", "build", "src/synth.h", "--sources", "src/synth.cpp",
           "-m", "synth", "-o", "out", "--build-dir", str(bld), "-j", str(jobs),
           *(["--units", str(units)] if units is not None else []),
           *(["--config", str(config)] if config else []), *([] if pch else ["--no-pch"])]
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed:\n{proc.stdout}\n{proc.stderr}")
    records = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    summary = proc.stdout.splitlines()[0] if proc.stdout else ""
    print(f"  {label}: {seconds:.1f} s  {summary}", flush=True)
    return Build(label, seconds, summary, records)


def check_import(work: Path) -> None:
    probe = ("import synth; c = synth.C1(); assert c.m0(1, 2) == 3 and c.m2('a') == 'aa'; "
             "assert synth.C0().m1(1.5) == 3.0")
    proc = subprocess.run([sys.executable, "-c", probe], cwd=work / "out", capture_output=True,
                          text=True)
    if proc.returncode != 0:
        raise SystemExit(f"the built module does not work:\n{proc.stderr}")


def bound(work: Path, kind: str, classes: int, jobs: int) -> Build:
    """A clean build of the same API with pybind11 or nanobind (bindgen.py), recorded as
    swiggen's builds are."""
    log = work / "cxx.log"
    log.unlink(missing_ok=True)
    compiler = os.environ.get("CXX") or shutil.which("g++") or "c++"
    seconds = bindgen.build(kind, work, classes, jobs,
                            [sys.executable, str(work / "cxx.py"), *compiler.split()],
                            {**os.environ, "BUILDSCALE_LOG": str(log)})
    records = [json.loads(x) for x in log.read_text().splitlines()] if log.exists() else []
    label = f"{kind}, -j {jobs}"
    print(f"  {label}: {seconds:.1f} s", flush=True)
    return Build(label, seconds, "", records)


def measure(root: Path, classes: int, single: bool, skip: tuple[str, ...] = (),
            bindings: tuple[str, ...] = ()) -> dict[str, object]:
    work = root / f"c{classes}"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    # the sources in a folder of their own: a file created next to a header (the compile log)
    # would make the next build parse again (the header's folder is an include folder)
    src = work / "src"
    src.mkdir()
    synthetic_header(src / "synth.h", classes=classes)
    synthetic_sources(src / "synth.cpp", classes)
    (work / "cxx.py").write_text(RECORDER)
    config = src / "synth.toml"
    config.write_text('[annotations]\n"synth::C1::m0" = "nogil"\n')
    print(f"{classes} classes ({uptime()})", flush=True)
    result: dict[str, object] = {"classes": classes, "load_before": uptime()}
    result["stages"] = st = stages(work)
    print("  stages: " + ", ".join(f"{k} {v:.2f}" for k, v in st.items()
                                   if not k.startswith("cpu:")), flush=True)
    builds: dict[str, Build] = {}
    if single:
        builds["one unit, -j 1"] = build(work, "one unit, -j 1", 1, 1, config=config)
    if not "split, -j 1".startswith(skip):
        builds["split, -j 1"] = build(work, "split, -j 1", 1, None, config=config)
    if not "split, no PCH, -j 2".startswith(skip):
        builds["split, no PCH, -j 2"] = build(work, "split, no PCH, -j 2", 2, None,
                                              config=config, pch=False)
    builds["split, -j 2"] = build(work, "split, -j 2", 2, None, config=config)
    check_import(work)
    builds["no-op rebuild, -j 2"] = build(work, "no-op rebuild", 2, None, False, config)
    config.write_text('[annotations]\n"synth::C1::m0" = "nogil"\n"synth::C7::m3" = "nogil"\n')
    builds["one method changed (annotation), -j 2"] = build(
        work, "one method changed (annotation)", 2, None, False, config)
    result["builds"] = builds
    result["load_after"] = uptime()
    if not "one method added (header)".startswith(skip):
        added(work, src, config, builds)
    for kind in bindings:
        builds[f"{kind}, -j 2"] = bound(work, kind, classes, 2)
    result["builds"] = builds
    result["load_after"] = uptime()
    return result


def added(work: Path, src: Path, config: Path, builds: dict[str, Build]) -> None:
    """One method added to the header and its definition to the source, rebuilt."""
    header = (src / "synth.h").read_text()
    (src / "synth.h").write_text(header.replace("    int m0(int a, int b);",
                                                 "    int m0(int a, int b);\n    int extra();", 1))
    with open(src / "synth.cpp", "a") as fh:
        fh.write("int synth::C0::extra() { return 7; }\n")
    builds["one method added (header), -j 2"] = build(
        work, "one method added (header)", 2, None, False, config)
    check_import(work)


def _dump(result: dict[str, object]) -> dict[str, object]:
    builds = result["builds"]
    assert isinstance(builds, dict)
    return {**result, "builds": {k: vars(b) for k, b in builds.items()}}


def _load(data: dict[str, object]) -> dict[str, object]:
    builds = data["builds"]
    assert isinstance(builds, dict)
    return {**data, "builds": {k: Build(**b) for k, b in builds.items()}}


def write_block(path: Path, block: str) -> None:
    text = path.read_text() if path.exists() else ""
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + text[text.index(END) + len(END) + 1:]
    path.write_text(text.rstrip("\n") + "\n\n" + block)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--classes", type=int, nargs="*", default=[50, 200],
                    help="sizes to measure (none: only report --add files)")
    ap.add_argument("--root", type=Path, default=Path("build") / "buildscale",
                    help="work folder (default: ./build/buildscale)")
    ap.add_argument("--no-single", action="store_true",
                    help="skip the one-unit build (the slowest)")
    ap.add_argument("--skip", nargs="+", default=[], metavar="BUILD",
                    help="skip builds by the start of their label: 'split, -j 1', "
                         "'one method added' (a busy machine's time is short)")
    ap.add_argument("--out", type=Path, default=HERE / "results.md")
    ap.add_argument("--save", type=Path, metavar="FILE.json", help="keep the measurements")
    ap.add_argument("--add", type=Path, nargs="+", default=[], metavar="FILE.json",
                    help="report these earlier measurements (--save) too")
    ap.add_argument("--no-write", action="store_true", help="print only")
    ap.add_argument("--bindings", nargs="*", default=["pybind11", "nanobind"],
                    choices=["pybind11", "nanobind"],
                    help="the same API bound with these too (bindgen.py; none: skip)")
    ap.add_argument("--note", default="", help="a paragraph to add to the report")
    args = ap.parse_args(argv)
    results = [measure(args.root.resolve(), n, not args.no_single, tuple(args.skip),
                       tuple(args.bindings))
               for n in args.classes]
    for extra in args.add:  # results of an earlier run (its --save file)
        results += [_load(r) for r in json.loads(extra.read_text())]
    if args.save:
        args.save.write_text(json.dumps([_dump(r) for r in results], indent=1))
    results.sort(key=lambda r: int(str(r["classes"])))
    measured = any(k.startswith(("pybind11", "nanobind")) for r in results
                   for k in r["builds"])  # type: ignore[attr-defined]
    note = ("pybind11 and nanobind: `bindgen.py`'s binding code for the same API, one translation "
            "unit each with synth.cpp (and, for nanobind, libnanobind) alongside, the same flags "
            "and -j 2." if measured else
            "pybind11 and nanobind bindings of the same API were not built in this run "
            "(`--bindings`); issue 16 measured pybind11 at 240 s and 4.6 GB for one translation "
            "unit of the 200 classes.")
    block = table(results, note + ("\n\n" + args.note if args.note else ""))
    print(block)
    if not args.no_write:
        write_block(args.out, block)
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
