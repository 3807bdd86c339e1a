"""rounds: what one round of a build that leaves declarations out decides (pipeline.build).

A round runs SWIG, compiles and links; when one of them rejects declarations, these say which
(`blame` for the compiler, `blame_swig` for SWIG, `unresolved` for the link: compile/leaveout.py
traces each to the declaration its code was generated for), and `traced` names them in the
failure when none can be left out (or under --strict). The pipeline then lowers again without
them and runs the next round.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from .compile import extension as build_mod
from .compile import clinkage, leaveout, symbols
from .compile.toolchain import target_python
from .diagnostics import Diagnostic, Diagnostics, SwiggenError, ToolError
from .lower.plan import Origin
from .parse import parsecache
from .prepare import Prepared, prepare
from .specs import ModuleSpec


def blame(exc: ToolError, units: Sequence[Path], build_dir: Path, spec: ModuleSpec,
           prepared: Prepared | None, left: dict[str, leaveout.LeftOut]
           ) -> list[leaveout.LeftOut]:
    """The declarations (not yet left out) whose wrappers the compiler rejected in `exc`;
    [] when an error is not in a wrapper (a user's source, the link)."""
    if exc.code != "SG403" or "-c" not in exc.command:
        return []
    plan = (prepared or prepare(spec, build_dir / parsecache.FOLDER,
                                [f.origin for f in left.values()])).plan
    # a split wrapper's units share its prelude (pch.py), which holds the %extend helpers
    prelude = build_dir / f"{spec.module}_wrap_prelude.h"
    result = leaveout.trace(exc.output, [*units, *([prelude] if len(units) > 1 and
                                                   prelude.exists() else [])],
                            dict(plan.origins))
    exc.blame = result
    # (errors no declaration explains may follow from those some do: a duplicate wrapper's
    # prototypes; the next round tells, and an error no round explains fails the build)
    return [f for f in result.found if f.origin.key not in left]


def blame_swig(exc: ToolError, build_dir: Path, spec: ModuleSpec, prepared: Prepared | None,
                left: dict[str, leaveout.LeftOut]) -> list[leaveout.LeftOut]:
    """The declarations (not yet left out) SWIG's errors are at (swig/run.py locates them at
    the header lines the view's lines stand for); [] when an error is at none (a line of the
    interface, a SWIG limit)."""
    if exc.code != "SG402" or "did not finish" in str(exc):
        return []
    prepared = prepared or prepare(spec, build_dir / parsecache.FOLDER,
                                   [f.origin for f in left.values()])
    found = leaveout.trace_swig(exc.output, dict(prepared.plan.origins)) or \
        leaveout.trace_swig_view(exc.output, prepared.headers)
    return [f for f in found if f.origin.key not in left]


def traced(exc: ToolError, found: Sequence[leaveout.LeftOut], build_dir: Path) -> ToolError:
    """`exc`, saying which declarations' wrappers failed (or where an untraced error is)."""
    result = getattr(exc, "blame", None)
    notes = [str(d) for d in leaveout.warnings(list(found), strict=True)]
    if result is not None and result.untraced:
        notes.append(leaveout.untraced_text(result, build_dir))
    if notes:
        exc.traced = "\n".join(notes)
    return exc


#: undefined symbols a build leaves out: those of declarations a library does not export
#: (sodium's `_sodium_alloc_init`, fftw3's threads functions without -lfftw3_threads, its float
#: API without -lfftw3f); most of the declarations undefined, and few of them defined, means a
#: missing `-l` or `--sources`: an error (SG410)


def unresolved(spec: ModuleSpec, report: build_mod.BuildReport,
                options: build_mod.BuildOptions, prepared: Prepared | None,
                left: dict[str, leaveout.LeftOut], strict: bool, last: bool,
                warnings: Sequence[Diagnostic], as_c: frozenset[str] = frozenset()
                ) -> tuple[list[leaveout.LeftOut], frozenset[str]]:
    """A freshly linked extension whose declarations the linked code does not all define:
    the declarations to leave out (a few the library does not export), or SwiggenError here
    (SG410 at each declaration, SG411 for the rest), not an ImportError later (symbols.py);
    and the headers to include as C (`as_c` and more, compile/clinkage.py), when the linked
    code defines what they declare with C linkage. The extension and its link stamp are
    removed, so the next build links and checks again."""
    if not report.linked:
        return [], as_c
    extension = report.extension
    python = target_python(options.python).python
    missing = symbols.undefined_symbols(extension, options.library_dirs, python)
    if not missing:
        return [], as_c
    if prepared is None:
        prepared = prepare(spec, left_out=[f.origin for f in left.values()])
    have = symbols.defined(extension, missing, prepared.headers)
    # C headers that do not say so, or no longer C: the round again (compile/clinkage.py)
    c_next = clinkage.next_headers(extension, missing, prepared.headers, as_c, [
        *(f"-L{d}" for d in options.library_dirs), *(f"-l{n}" for n in options.libraries),
        *options.extra_link_args])
    extension.unlink(missing_ok=True)
    (extension.parent / "link.json").unlink(missing_ok=True)
    if c_next != as_c and not last:
        return [], c_next
    found = symbols.unresolved(missing, prepared.headers)
    wrapped = sum(len(o) for _, o in prepared.plan.origins)
    if strict or last or found is None or (
            2 * len(found) > wrapped and
            3 * have < len(found)):
        diags = Diagnostics(list(warnings))
        symbols.report(missing, prepared.headers, extension, diags)
        raise SwiggenError(diags)
    out = []
    for name, loc, symbol, text in found:
        copy = _COPY_CONSTRUCTOR.match(text)
        if copy is not None:  # declared, never defined (C++98's noncopyable): no copies
            origin = Origin(copy["cls"], loc, copy["cls"].rsplit("::", 1)[-1] + ".__copy__",
                            "copy")
        else:
            origin = Origin(name, loc, name)
        if origin.key not in left or copy is not None and left[origin.key].origin.kind != "copy":
            out.append(leaveout.LeftOut(origin, f"undefined symbol {symbol}", "link"))
    if not out:  # left out already, and still needed: what else needs it is not known
        diags = Diagnostics(list(warnings))
        symbols.report(missing, prepared.headers, extension, diags)
        raise SwiggenError(diags)
    return out, as_c


#: a copy constructor's demangled name: `ns::C::C(ns::C const&)`
_COPY_CONSTRUCTOR = re.compile(r"^(?P<cls>(?:[\w:]*::)?(?P<n>\w+))::(?P=n)\((?P=cls) const&\)$")
