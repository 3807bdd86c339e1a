"""`swiggen inspect --report`: per header, how many public declarations are wrapped, how many are
not, and why each one is not, so that coverage is visible at a glance and no skip is silent.

It reads what parse recorded (every public declaration of the named headers) and what lower
decided (`plan.ignores`, the warnings), and classifies each declaration:

- wrapped: a Python function, method, constructor, attribute, class or enum;
- as protocol: an operator that became a Python special method of its class;
- as exception: a class that became a Python exception class;
- transparent: a typedef (its target type converts; it is not a Python name);
- skipped, with the reason: a directive, an uninstantiated template, a deleted function, a
  class nested in a class template, an unsupported construct.

An anonymous enum counts as its members (module or class constants).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .diagnostics import Diagnostic
from .lower.protocols import MAPPED_TO_PROTOCOL
from .model import Class, Constructor, Enum_, Function, Header

WRAPPED = "wrapped"
PROTOCOL = "as protocol"
EXCEPTION = "as exception"
TRANSPARENT = "transparent"
SKIPPED = "skipped"

_PROTOCOL_WHY = MAPPED_TO_PROTOCOL
_EXCEPTION_WHY = "exception class"


@dataclass(frozen=True)
class Entry:
    """One public declaration and what became of it."""

    kind: str  #: function, method, constructor, field, class, class template, enum, alias, ...
    name: str  #: qualified C++ name, with the signature for one overload of several
    line: int
    status: str
    why: str = ""


def report_entries(header: Header, ignores: dict[str, str],
                   warnings: Sequence[Diagnostic]) -> list[Entry]:
    """Classify every public declaration of `header`. `ignores`: plan target -> reason."""
    sg303 = {d.loc.line for d in warnings
             if d.code == "SG303" and _same_file(d.loc.file, header.path)}
    out: list[Entry] = []
    out += _functions(header.functions, ignores, sg303, "function")
    for c in header.classes:
        out += _class(c, ignores, sg303)
    for e in header.enums:
        out += _enum(e, ignores)
    for v in header.variables:
        out.append(_plain("constant" if v.is_const else "variable", v.qualname, v.loc.line,
                          ignores))
    for a in header.aliases:
        if a.qualname in ignores:
            out.append(Entry("alias", a.qualname, a.loc.line, SKIPPED, ignores[a.qualname]))
        else:
            out.append(Entry("alias", a.qualname, a.loc.line, TRANSPARENT,
                             "a typedef converts like its target; it is not a Python name"))
    for s in header.skipped:
        why = ignores.get(s.qualname, f"{s.what}: {s.why}")
        out.append(Entry(s.what, s.qualname, s.loc.line, SKIPPED, why))
    return sorted(out, key=lambda e: (e.line, e.name))


def _same_file(a: str, b: str) -> bool:
    return a == b or a.endswith("/" + b.lstrip("./")) or b.endswith("/" + a.lstrip("./"))


def _enum(e: Enum_, ignores: dict[str, str]) -> list[Entry]:
    if e.name:
        return [_plain("enum", e.qualname, e.loc.line, ignores)]
    scope = e.qualname + "::" if e.qualname else ""  # `enum { kA };`: constants of its scope
    return [_plain("constant", scope + m.name, m.loc.line, ignores) for m in e.members]


def _plain(kind: str, name: str, line: int, ignores: dict[str, str]) -> Entry:
    if name in ignores:
        return Entry(kind, name, line, SKIPPED, ignores[name])
    return Entry(kind, name, line, WRAPPED)


def _functions(funcs: Sequence[Function], ignores: dict[str, str], sg303: set[int],
               kind: str) -> Iterator[Entry]:
    live: Counter[str] = Counter(f.qualname for f in funcs if not f.is_deleted)
    every: Counter[str] = Counter(f.qualname for f in funcs)
    for f in funcs:
        parts = f.qualname.split("::")
        constructor = len(parts) > 1 and parts[-1] == parts[-2]  # a constructor template
        signed = live[f.qualname] > 1 or constructor
        target = f.qualname + f.signature if signed else f.qualname  # the plan's key
        shown = f.qualname + f.written_signature if signed else f.qualname  # as the user wrote it
        line = f.loc.line
        if f.is_deleted:
            # named by signature when it shares its name with other overloads
            name = f.qualname + f.written_signature if every[f.qualname] > 1 else f.qualname
            yield Entry(kind, name, line, SKIPPED, "deleted (= delete)")
        elif target in ignores or f.qualname in ignores:
            why = ignores.get(target) or ignores[f.qualname]
            status = PROTOCOL if why == _PROTOCOL_WHY else SKIPPED
            yield Entry(kind, shown, line, status, "" if status == PROTOCOL else why)
        elif f.template_params and line in sg303:
            yield Entry(f"{kind} template", shown, line, SKIPPED,
                        "template without a template(PyName, ...) directive (SG303)")
        elif f.template_params:
            yield Entry(f"{kind} template", shown, line, WRAPPED, "instantiated")
        else:
            yield Entry(kind, shown, line, WRAPPED)


def _constructors(c: Class, ignores: dict[str, str]) -> Iterator[Entry]:
    live = [k for k in c.constructors if not k.is_deleted and not k.is_move]
    base = f"{c.qualname}::{c.name}"
    for k in c.constructors:
        target = base + k.signature if len(live) > 1 else base
        yield _constructor(k, target, base, c, ignores)


def _constructor(k: Constructor, target: str, base: str, c: Class,
                 ignores: dict[str, str]) -> Entry:
    line = k.loc.line
    shown = base + k.written_signature if target != base else base  # as the user wrote it
    if k.is_deleted:
        return Entry("constructor", shown, line, SKIPPED, "deleted (= delete)")
    if k.is_move:
        return Entry("constructor", shown, line, SKIPPED,
                     "move constructor (Python has no rvalues)")
    if target in ignores or base in ignores:
        return Entry("constructor", shown, line, SKIPPED,
                     ignores.get(target) or ignores[base])
    if c.is_abstract:
        return Entry("constructor", shown, line, SKIPPED, "abstract class")
    return Entry("constructor", shown, line, WRAPPED)


def _class(c: Class, ignores: dict[str, str], sg303: set[int], nested: bool = False) -> list[
        Entry]:
    kind = "class template" if c.template_params else ("struct" if c.is_struct else "class")
    if nested:
        kind = "nested " + kind
    line = c.loc.line
    why = ignores.get(c.qualname, "")
    if why.startswith(_EXCEPTION_WHY):
        return [Entry(kind, c.qualname, line, EXCEPTION)]
    if why:
        return [Entry(kind, c.qualname, line, SKIPPED, why)]
    if c.template_params and line in sg303:
        return [Entry(kind, c.qualname, line, SKIPPED,
                      "class template without a template(PyName, ...) directive (SG303)")]
    out = [Entry(kind, c.qualname, line, WRAPPED,
                 "instantiated" if c.template_params else "")]
    out += _constructors(c, ignores)
    out += _functions(c.methods, ignores, sg303, "method")
    for f in c.fields:
        out.append(_plain("static member" if f.is_static else "field",
                          f"{c.qualname}::{f.name}", f.loc.line, ignores))
    for e in c.enums:
        out += _enum(e, ignores)
    for n in c.classes:
        out += _class(n, ignores, sg303, nested=True)
    return out


#: why a declaration the compiler rejected is skipped (compile/leaveout.py)
LEFT_OUT_WHY = "its wrapper does not compile (SG420)"


def _ignores(prepared) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """Plan target -> why it is not wrapped; the declarations the build left out say so."""
    # (a declaration that is not overloaded is ignored by its name: `ns::f`, not `ns::f(int)`)
    left = {k for o in prepared.left_out if o.kind in ("ignore", "class")
            for k in (o.key, o.key.split("(")[0])}
    ignores: dict[str, str] = {}
    for i in prepared.plan.ignores:
        ignores.setdefault(i.target, LEFT_OUT_WHY if i.target in left else i.why)
    return ignores


def report_text(prepared) -> str:  # type: ignore[no-untyped-def]
    """The report for a `prepare.Prepared`: one block per header, skips listed with reasons."""
    ignores = _ignores(prepared)
    lines = [f"module {prepared.plan.module}: coverage of the public declarations"]
    totals: Counter[str] = Counter()
    for h in prepared.headers:
        entries = report_entries(h, ignores, prepared.warnings)
        counts = Counter(e.status for e in entries)
        totals.update(counts)
        lines.append(f"{h.path}: {_summary(counts)}")
        skipped = [e for e in entries if e.status == SKIPPED]
        reasons = Counter(e.why for e in skipped)
        for why, n in sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0])):
            lines.append(f"  {n} skipped: {why}")
            for e in skipped:
                if e.why == why:
                    lines.append(f"    {h.path}:{e.line}: {e.kind} {e.name}")
    if len(prepared.headers) > 1:
        lines.append(f"total: {_summary(totals)}")
    return "\n".join(lines) + "\n"


def _summary(counts: Counter[str]) -> str:
    parts = [f"{counts[WRAPPED]} wrapped"]
    for status in (PROTOCOL, EXCEPTION, TRANSPARENT):
        if counts[status]:
            parts.append(f"{counts[status]} {status}")
    parts.append(f"{counts[SKIPPED]} skipped")
    return ", ".join(parts)


def report_json(prepared, warnings: Sequence[Diagnostic]) -> str:  # type: ignore[no-untyped-def]
    """The build's own report (BUILD/report.json): per header the counts and each skipped
    declaration with its reason, the declarations left out because their wrappers did not
    compile, and the warnings by code: what `inspect --report` says of the module built."""
    ignores = _ignores(prepared)
    headers = []
    for h in prepared.headers:
        entries = report_entries(h, ignores, prepared.warnings)
        headers.append({
            "path": h.path,
            "counts": dict(sorted(Counter(e.status for e in entries).items())),
            "skipped": [{"kind": e.kind, "name": e.name, "line": e.line, "why": e.why}
                        for e in entries if e.status == SKIPPED]})
    left = {(w.loc.file, w.loc.line, w.message.split("'")[1]): w.message
            for w in warnings if w.code == "SG420"}
    left_out = [{"cpp": o.key, "python": o.python, "file": o.loc.file, "line": o.loc.line,
                 "kind": o.kind,
                 "error": left.get((o.loc.file, o.loc.line, o.key), "").split(
                     "does not compile: ", 1)[-1]}
                for o in prepared.left_out]
    codes = Counter(w.code for w in warnings)
    return json.dumps({"module": prepared.plan.module, "headers": headers,
                       "left_out": left_out, "warnings": dict(sorted(codes.items()))},
                      indent=1, sort_keys=True) + "\n"
