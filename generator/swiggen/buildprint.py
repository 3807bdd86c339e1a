"""buildprint: what `swiggen build` prints: warnings (all, or summed up by kind), the build's
summary and a failure, after the warnings of the stages that went well before it.

cli.py and the loader (loader.py, which words a BuildError as the command prints it) share it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence

from .diagnostics import CODES, Diagnostic, Loc, Severity, SwiggenError, ToolError
from .pipeline import BuildResult
from .swig import rewrites


def print_warnings(warnings: Sequence[Diagnostic], strict: bool) -> bool:
    for w in warnings:
        print(str(w).replace(" warning ", " error ", 1) if strict else w, file=sys.stderr)
    return strict and bool(warnings)


#: a build prints its warnings in full up to this many lines; past it, one line per kind
WARNING_LINES = 20
#: of a kind summed up in one line, the declarations it names
NAMED = 3


def print_build_warnings(warnings: Sequence[Diagnostic], verbose: bool) -> None:
    """A build's warnings, readable: all of them with -v or when few; else each kind with a
    few warnings in full and the others as one line (count, meaning, first places), ending
    with where to read them all (docs/errors.md)."""
    if verbose or len(warnings) <= WARNING_LINES:
        print_warnings(warnings, False)
        return
    by_code: dict[str, list[Diagnostic]] = {}
    for w in warnings:
        by_code.setdefault(w.code, []).append(w)
    few = {id(w) for ws in by_code.values() if len(ws) <= NAMED for w in ws}
    for w in warnings:
        if id(w) in few:
            print(w, file=sys.stderr)
    for code, ws in sorted(by_code.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(ws) > NAMED:
            where = ", ".join(str(w.loc) for w in ws[:NAMED])
            print(f"swiggen: warning {code} x{len(ws)}: {CODES[code]} (at {where}, ...)",
                  file=sys.stderr)
    print(f"swiggen: {len(warnings)} warnings in all: -v lists each one, `swiggen inspect "
          "--report` says what each declaration became", file=sys.stderr)


#: a SWIG warning as swig/run.py relocates it: `x.h:12: warning SG341: ... — hint`
LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+): warning (?P<code>SG\d{3}): "
                      r"(?P<message>.*?)(?: \u2014 (?P<hint>.*))?$")


def swig_warnings(messages: str) -> tuple[list[Diagnostic], list[str]]:
    """SWIG's located warnings as diagnostics (summed up with swiggen's own), and its other
    lines as they are."""
    found: list[Diagnostic] = []
    other: list[str] = []
    for line in messages.splitlines():
        m = LOCATED.match(line)
        if m is not None and m["code"] in CODES:
            found.append(Diagnostic(Loc(m["file"], int(m["line"])), Severity.WARNING,
                                    m["code"], m["message"], m["hint"] or ""))
        elif line.strip():
            other.append(line)
    return found, other


def summary(module: str, result: BuildResult, seconds: float, strict: bool,
             brief: bool = False, verbose: bool = False) -> None:
    swig, other = swig_warnings(result.swig_messages)
    if not strict:
        print_build_warnings([*result.warnings, *swig], verbose)
    elif swig:
        print_warnings(swig, False)
    if other:
        print("\n".join(other), file=sys.stderr)
    if brief:
        return
    did = "up to date" if not (result.swig_ran or result.compiled or result.linked) else (
        f"swig {'ran' if result.swig_ran else 'skipped'}, "
        f"{len(result.compiled)} compiled, {'linked' if result.linked else 'not relinked'}")
    print(f"built {module} in {seconds:.1f}s ({did}):")
    for out in result.outputs:
        print(f"  {out}")
    if verbose and result.rewrite_report is not None:
        print("\n".join(rewrites.summary(*result.rewrite_report)))


def print_failure(exc: BaseException, strict: bool = False) -> None:
    """The failure, after the warnings of the stages that went well before it (and SWIG's)."""
    if isinstance(exc, (SwiggenError, ToolError)):
        print_warnings(exc.earlier_warnings, strict)
        if exc.swig_messages:
            print(exc.swig_messages, file=sys.stderr)
    if isinstance(exc, SwiggenError):
        for d in exc.diagnostics.sorted():
            print(d, file=sys.stderr)
    elif isinstance(exc, ToolError):
        print(f"swiggen: {exc.report()}", file=sys.stderr)
    else:
        print(f"swiggen: error: {type(exc).__name__}: {exc}", file=sys.stderr)
