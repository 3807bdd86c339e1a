"""Directives on an overload set: each applies where it can, and is an error only where it
takes effect nowhere.

    int read(int fd, int* n);
    int read(int fd);
    int read(const char* path, int*);     // (unnamed: SWIG's arg1)

    [annotations]
    "read" = "out(n)"          # read(fd) -> (rc, n); read(path) -> (rc, size) with out(arg1)

A config key without parameter types names every overload of a function, so a directive that
names parameters (`out`, `inout`, `nullable`, `bytes`, `disown`, `destroys`, `keep_alive`) or the
result (`false_is`) goes to each of them. It takes effect in the overloads that have such a parameter (or result) and leaves the
others alone; only where it takes effect in none of them (a misspelt name, a type that cannot be
an out, every overload that has it left out with a warning) is it an error, at the directive,
with each overload's reason. A header annotation is on one overload: the same rule is then that
overload's error.

`DirectiveUse` keeps the bookkeeping for one overload set: `expect` each overload's directives,
`hit` or `miss` each (directive, parameter) as lowering decides, `report` once the set is done.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model import Directive
from .context import Context, Directives

#: the directives tracked: they name parameters of the function (or, `false_is`, its result)
TRACKED = ("out", "inout", "nullable", "bytes", "false_is", "disown", "destroys", "keep_alive")
#: those whose overloads left out count as having no effect there; the ownership directives are
#: errors only for what they name (lower/handles.py implies `destroys` on a C library's free
#: functions, which may be left out for reasons of their own)
WHOLE = ("out", "inout", "nullable", "bytes", "false_is")

#: (the directive, the parameter it names; "" for the directive as a whole)
Key = tuple[Directive, str]


def keys(d: Directive) -> list[Key]:
    """What of directive `d` must take effect: each parameter it names, or the whole."""
    if d.name in ("out", "inout", "nullable", "disown", "destroys", "keep_alive"):
        return [(d, a) for a in d.args]
    return [(d, "")]


@dataclass(frozen=True)
class Miss:
    """Why a directive took no effect in one overload, as its error would say it."""

    label: str
    code: str
    why: str
    hint: str


@dataclass
class DirectiveUse:
    """The tracked directives of one overload set (`name`: its qualified name, for messages)."""

    name: str
    #: key -> the overloads (labels) it is on, in order
    expected: dict[Key, list[str]] = field(default_factory=dict)
    hits: set[Key] = field(default_factory=set)
    misses: dict[Key, list[Miss]] = field(default_factory=dict)
    #: overloads that got as far as deciding their parameters
    lowered: set[str] = field(default_factory=set)

    def expect(self, dirs: Directives, label: str) -> None:
        """Overload `label` carries `dirs` (called before it may be left out)."""
        for d in dirs.items:
            if d.name in TRACKED:
                for key in keys(d):
                    self.expected.setdefault(key, []).append(label)

    def hit(self, d: Directive, arg: str = "") -> None:
        self.hits.add((d, arg))

    def miss(self, d: Directive, arg: str, label: str, code: str, why: str,
             hint: str) -> None:
        self.misses.setdefault((d, arg), []).append(Miss(label, code, why, hint))

    def report(self, ctx: Context) -> None:
        """An error for each directive that took effect in no overload."""
        for key, labels in self.expected.items():
            if key in self.hits:
                continue
            d, arg = key
            found = list(self.misses.get(key, ()))
            if d.name in WHOLE:
                found += [Miss(label, "SG230", f"'{label}' is not wrapped (its warning says "
                               "why)", f"remove {d}, or make '{label}' one Python can call")
                          for label in dict.fromkeys(labels) if label not in self.lowered]
            if not found:
                continue
            if len(found) == 1:
                m = found[0]
                ctx.diags.error(d.loc, m.code, f"{d} on '{m.label}': {m.why}", m.hint)
                continue
            reasons = "; ".join(f"'{m.label}': {m.why}" for m in found)
            ctx.diags.error(d.loc, found[0].code,
                            f"{d} on '{self.name}' takes effect in none of its "
                            f"{len(found)} overloads: {reasons}",
                            "; ".join(dict.fromkeys(m.hint for m in found)))

