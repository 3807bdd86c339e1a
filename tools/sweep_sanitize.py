"""`tools/sweep --sanitize`: each library built again under ASan/UBSan and probed by
`swiggen check --sanitize` (issue #35: no crash that is ours, under the sanitizers too).

For each library: `swiggen build` with CXX set to the sanitizer compiler into NAME/sanitize/out
(the build folder beside it), then `swiggen check NAME/sanitize/out/NAME --sanitize --budget 60
--json NAME/sanitize/check.json` with the library's preconditions, as the normal run has them.
Its results are fields of their own in the library's row (FIELDS): a sanitized run leaves the
normal run's fields as they are, and a normal run keeps these.
"""

from __future__ import annotations

import shutil
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: swiggen.check.command.SANITIZER_CXX: what `check --sanitize` expects a module built with
SANITIZER_CXX = "g++ -fsanitize=address,undefined -fno-omit-frame-pointer"
#: the finding classes that are crashes (a signal, or the sanitizer's report of a bad access)
CRASHES = ("crash", "sanitizer")
#: the fields of a library's row that the sanitized run writes (and only it)
FIELDS = ("check_sanitize", "check_sanitize_counts", "sanitize_build", "sanitize_swiggen")

Run = Callable[..., tuple[Any, str, float]]


def sweep_sanitized(lib: dict, root: Path, swiggen: list[str], build_flags: list[str],
                    env: dict, run: Run, count_findings: Callable[[Path], tuple[Any, dict]],
                    first_error: Callable[[str], tuple[str, str, str]], timeout: float,
                    version: str) -> dict:
    """The sanitized fields of `lib`'s row; `env` is swiggen's, for the build and the check."""
    name = lib["name"]
    folder = root / "sanitize"
    if folder.exists():
        shutil.rmtree(folder)
    out_dir, build_dir = folder / "out", folder / "build"
    out_dir.mkdir(parents=True)
    build_env = dict(env, CXX=SANITIZER_CXX)
    build_env.pop("LD_PRELOAD", None)
    cmd = [*swiggen, "build", *lib["headers"], "-m", name, "-o", str(out_dir), "--build-dir",
           str(build_dir), *build_flags, "-j", "1"]
    rc, output, seconds = run(cmd, timeout, env=build_env, cwd=folder)
    (folder / "build.log").write_text(output)
    built = rc == 0 and any(out_dir.glob(f"_{name}*.so"))
    error = ("" if built else f"timeout after {timeout:g} s" if rc == "timeout"
             else first_error(output)[0] or f"exit status {rc}")
    result: dict = {"name": name, "sanitize_swiggen": version,
                    "sanitize_build": {"built": built, "seconds": round(seconds, 1),
                                       "error": error},
                    "check_sanitize_counts": {}}
    if not built:
        result["check_sanitize"] = "-"
        return result
    report_file = folder / "check.json"
    cmd = [*swiggen, "check", str(out_dir / name), "--sanitize", "--budget", "60", "--json",
           str(report_file)]
    for pattern in lib.get("preconditions", []):  # the library's documented rules
        cmd += ["--mark-precondition", pattern]
    rc_c, out_c, _ = run(cmd, 60 + 360, env=env, cwd=folder)
    (folder / "check.log").write_text(out_c)
    if rc_c == "timeout":
        result["check_sanitize"] = "timeout"
    elif rc_c not in (0, 1):  # check itself failed (the import, an unsanitized module)
        errors = [ln for ln in out_c.splitlines() if "swiggen check: error" in ln]
        result["check_sanitize"] = (errors[0] if errors else f"exit status {rc_c}")[:200]
    else:
        result["check_sanitize"], result["check_sanitize_counts"] = count_findings(report_file)
    return result


def crashes(counts: dict | None) -> int:
    """The crash findings that are ours (counted: neither preconditions nor folded)."""
    return sum((counts or {}).get(c, 0) for c in CRASHES)


def summary(rs: list[dict]) -> dict:
    measured = [r for r in rs if "check_sanitize" in r]
    return {
        "sanitized": len(measured),
        "sanitized_built": sum(bool(r["sanitize_build"]["built"]) for r in measured),
        "check_sanitize_findings": sum(r["check_sanitize"] for r in measured
                                       if isinstance(r["check_sanitize"], int)),
        "check_sanitize_counts": dict(sorted(sum(
            (Counter(r.get("check_sanitize_counts") or {}) for r in measured),
            Counter()).items())),
        "check_crashes": sum(crashes(r.get("check_counts")) for r in rs),
        "check_sanitize_crashes": sum(crashes(r.get("check_sanitize_counts")) for r in measured),
        "sanitize_swiggen": sorted({r.get("sanitize_swiggen", "unknown") for r in measured}),
    }


def summary_text(s: dict) -> str:
    text = (f"Crashes that are ours (counted `crash` and `sanitizer` findings): "
            f"**{s['check_crashes']}** in `swiggen check`, **{s['check_sanitize_crashes']}** "
            "under the sanitizers")
    if s["sanitized"] < s["libraries"]:
        text += f" (measured on {s['sanitized']} of the {s['libraries']} libraries)"
    if s["sanitized_built"] < s["sanitized"]:
        text += (f"; no sanitized module for {s['sanitized'] - s['sanitized_built']} of them "
                 "(its build failed or timed out: not probed)")
    if s["check_sanitize_counts"]:
        text += ("; all findings under the sanitizers: " + f"{s['check_sanitize_findings']} ("
                 + ", ".join(f"{v} {k}" for k, v in s["check_sanitize_counts"].items()) + ")")
    if s["sanitize_swiggen"]:
        text += f"; measured with swiggen {', '.join(s['sanitize_swiggen'])}"
    return text + "."


def cell(r: dict) -> str:
    if "check_sanitize" not in r:
        return "not run"
    n = r["check_sanitize"]
    if n == "-":
        return "not built: " + r["sanitize_build"].get("error", "")[:120]
    counts = r.get("check_sanitize_counts") or {}
    if counts:
        return f"{n}: " + ", ".join(f"{v} {k}" for k, v in counts.items())
    return str(n)


DOC = ("*check (ASan/UBSan)* is `tools/sweep --sanitize`: the module built again with "
       f"`CXX=\"{SANITIZER_CXX}\"` (`NAME/sanitize/` in the folder) and probed by "
       "`swiggen check --sanitize --budget 60` with the same preconditions, so a bad access is "
       "seen where it happens, not only when it faults (*not run*: not measured yet).")
