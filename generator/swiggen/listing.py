"""listing: `swiggen inspect`'s plain-text account of what a module would wrap, under which Python
names (not named `inspect`, the standard library's module)."""

from __future__ import annotations

from collections.abc import Iterator

from .lower.plan import ModulePlan
from .lower.protocols import MAPPED_TO_PROTOCOL
from .lower.pyrecords import StubClass
from .model import Class, Directive, Header
from .prepare import Prepared


def inspect_text(prepared: Prepared) -> str:
    plan: ModulePlan = prepared.plan
    lines = [f"module {plan.module} (from {', '.join(plan.headers)})"]
    for e in plan.enums:
        if not e.owner:
            lines.append(f"  enum {e.name}: {', '.join(m.name for m in e.members)}")
    for c in plan.stub_classes:
        lines += _class_lines(c, "  ", "")
    for v in plan.variables:
        what = "const" if v.constant else "var"
        lines.append(f"  {what} {v.name}: {v.annotation}"
                     + (" (read-only)" if v.readonly and not v.constant else ""))
    for f in plan.stub_functions:
        params = ", ".join(f"{p.name}: {p.annotation}" for p in f.params)
        lines.append(f"  def {f.name}({params}) -> {f.returns}")
    for t in plan.instantiations:
        lines.append(f"  template {t.cpp} as {t.name}")
    for x in plan.exceptions:
        lines.append(f"  exception {x.name}({x.base}) from {x.cpp}")
    for arr in plan.arrays:
        lines.append(f"  array {', '.join(arr.functions)}: {arr.rule}")
    for p in plan.params:
        lines.append(f"  {_PARAM_KINDS.get(p.macro, p.macro)} {p.args[-1]} in "
                     f"{', '.join(p.functions)}: {p.rule}")
    for w in plan.value_wrappers:
        lines.append(f"  returned by copy construction: {w.cls} ({w.why})")
    automatic = [r for r in plan.renames if r.why]
    if automatic:
        lines.append("renamed by swiggen:")
        lines += [f"  {r.target} -> {r.name} ({r.why})" for r in automatic]
    directives = [(d.loc, str(d)) for h in prepared.headers for d in _all_directives(h)]
    if directives:
        lines.append("directives:")
        lines += [f"  {loc}: {text}" for loc, text in sorted(directives)]
    if plan.notes:
        lines.append("notes:")
        lines += [f"  {n}" for n in plan.notes]
    # operators left to SWIG's %ignore because they are protocol slots are wrapped, as those
    ignored = [i for i in plan.ignores if i.why != MAPPED_TO_PROTOCOL]
    if ignored:
        lines.append("not wrapped:")
        lines += [f"  {i.target} ({i.why})" for i in ignored]
    return "\n".join(lines) + "\n"


def _class_lines(c: StubClass, indent: str, outer: str) -> list[str]:
    """A class, its members and its nested classes (`outer`: the Python name it is in)."""
    path = f"{outer}.{c.name}" if outer else c.name
    lines = [f"{indent}class {path}" + (f"({', '.join(c.bases)})" if c.bases else "")]
    for a in c.attributes:
        lines.append(f"{indent}  {a.name}: {a.annotation}" + (" (read-only)" if a.readonly
                                                               else ""))
    for m in c.methods:
        params = ", ".join(f"{p.name}: {p.annotation}" for p in m.params)
        static = "static " if m.is_static else ""
        lines.append(f"{indent}  {static}{m.name}({params}) -> {m.returns}")
    for e in c.enums:
        also = "" if e.scoped else f" (also {path}.{e.members[0].name}, ...)" \
            if e.members else ""
        lines.append(f"{indent}  enum {e.name}: {', '.join(m.name for m in e.members)}{also}")
    for n in c.classes:
        lines += _class_lines(n, indent + "  ", path)
    return lines
#: params.py's macros as inspect names them
_PARAM_KINDS = {
    "SWIGGEN_NULLABLE": "None accepted for", "SWIGGEN_NONNULL": "None refused for argument",
    "SWIGGEN_OUT": "out", "SWIGGEN_OUT_OBJECT": "out", "SWIGGEN_OUT_NEW": "out (Python owns)",
    "SWIGGEN_OUT_BORROWED": "out (borrowed)", "SWIGGEN_OUT_CSTRING": "out",
    "SWIGGEN_OUT_LIST_NEW": "out list (Python owns)", "SWIGGEN_OUT_LIST_UNIQUE":
    "out list (Python owns)", "SWIGGEN_OUT_LIST_BORROWED": "out list (borrowed)",
    "SWIGGEN_INOUT": "inout", "SWIGGEN_STATUS": "status", "SWIGGEN_FALSE_IS": "false_is",
}


def _all_directives(h: Header) -> Iterator[Directive]:
    for f in h.functions:
        yield from f.directives
    for e in h.enums:
        yield from e.directives
    for c in h.classes:
        yield from _class_directives(c)
    for a in h.aliases:
        yield from a.directives


def _class_directives(c: Class) -> Iterator[Directive]:
    yield from c.directives
    for m in c.methods:
        yield from m.directives
    for f in c.fields:
        yield from f.directives
    for k in c.constructors:
        yield from k.directives
    for e in c.enums:
        yield from e.directives
    for n in c.classes:
        yield from _class_directives(n)
