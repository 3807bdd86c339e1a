"""The probes: small Python programs, one adversarial use of the module each.

A probe's `code` is also its reproduction: `import NAME` (and `copy`, `gc`, `pickle`, `numpy`
where it uses them) followed by the code, run as a script. This module builds the calls of
every function, method, static method and constructor (a good call, then each parameter in
turn given each adversarial value of its type, the others good); `objects.py` adds the
whole-object probes (protocols, operators, fields, copies, never-initialised objects) and
`lifetimes.py` the del-order, interpreter-exit and leak probes.

Probes come in tiers, run in order (a budget spent early has covered the cheap, broad probes
of every declaration): 0 good uses, 1 adversarial values, 2 copies and lifetimes, 3 leaks and
interpreter exit, 4 leaks of error paths. Within a tier the order is shuffled by the seed.
"""

from __future__ import annotations

import fnmatch
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass

from .surface import Function, Param, Signature, Surface, Ty
from .makers import good_args, static_makers
from .preconditions import Initialiser, initialisers, zero_filled
from .values import Value, Values

#: a probe runs in a forked child (`fork`), as a measuring loop (`leak`), or as a script in a
#: new interpreter (`fresh`: what happens at interpreter exit)
MODES = ("fork", "leak", "fresh")


@dataclass(frozen=True)
class Probe:
    id: str  # unique: "Vector.at: i=2**63"
    target: str  # the Python name probed: "Vector.at", "Vector", "describe"
    kind: str  # call, arg, attr, protocol, operator, copy, uninit, lifetime, exit, leak, enum
    label: str  # what it does, in one line: "Vector().at(2**63)"
    code: str  # the probe's statements; with its imports, the reproduction
    tier: int = 1
    mode: str = "fork"
    #: a lifetime probe's control: the same statements without the lifetime step (`del p`,
    #: `p.close()`, `del a0`), run when the probe crashes (folding.py)
    control: Probe | None = None
    #: the variables of the code that hold instances, and their classes: (("c", "Cursor"),)
    names: tuple[tuple[str, str], ...] = ()


def imports(code: str, module: str, setup: str = "") -> str:
    """The import lines a probe's code needs, then `setup`: the library's own set-up call
    (`sodium.sodium_init()`: preconditions.library_init)."""
    names = [module] + [m for m in ("copy", "gc", "pickle", "numpy", "os", "sys", "time")
                        if re.search(rf"\b{m}\.", code) and m != module]
    return "".join(f"import {m}\n" for m in names) + setup


def repro(probe: Probe, module: str, setup: str = "") -> str:
    return imports(probe.code, module, setup) + probe.code.rstrip("\n") + "\n"


class Builder:
    """Collects probes; knows how to make instances and good arguments."""

    def __init__(self, surface: Surface, seed: int, makers: dict[str, str] | None = None
                 ) -> None:
        self.surface = surface
        self.mod = surface.module
        self.seed = seed
        #: class qualname -> an expression making an instance (makers.py)
        self.makers = dict(makers) if makers is not None else static_makers(surface, seed)
        self.values = Values(surface, self.makers, seed)
        self.probes: list[Probe] = []
        self._ids: set[str] = set()
        #: function qualname -> its initialisers of a C struct (preconditions.py)
        self.initialises: dict[str, list[Initialiser]] = {}
        for inits in initialisers(surface).values():
            for init in inits:
                self.initialises.setdefault(init.function.qualname, []).append(init)

    def add(self, target: str, kind: str, label: str, code: str, tier: int = 1,
            mode: str = "fork", control: tuple[str, str] | None = None,
            names: tuple[tuple[str, str], ...] = ()) -> None:
        """A probe; `control`: the (label, code) of its control (Probe.control)."""
        pid = f"{target}: {label}" if label else target
        n = 2
        base = pid
        while pid in self._ids:
            pid, n = f"{base} #{n}", n + 1
        self._ids.add(pid)
        check = None
        if control is not None:
            check = Probe(f"{pid} (control: {control[0]})", target, "control", control[0],
                          control[1], tier, mode, names=names)
        self.probes.append(Probe(pid, target, kind, label, code, tier, mode, check, names))

    def args(self, sig: Signature, full: bool = False) -> list[str] | None:
        """Good arguments for the required parameters (all with `full`), or None if check
        cannot make one of them."""
        return good_args(self.values, sig, full)

    def zero_filled(self, f: Function, sig: Signature, args: list[str]) -> list[str]:
        """An initialiser's good call is given the zero-filled struct it initialises (the
        others get initialised ones)."""
        for init in self.initialises.get(f.qualname, []):
            if init.sig is sig and init.index < len(args):
                p = sig.params[init.index]
                expr = zero_filled(self.mod, init.struct)
                args = [*args]
                args[init.index] = f"{p.name}={expr}" if p.keyword_only else expr
        return args

    def callee(self, f: Function) -> str | None:
        """How a call of f starts: `NAME.f`, `NAME.Cls.f`, `NAME.Cls(...).f`, `NAME.Cls`."""
        if f.kind == "function":
            return f"{self.mod}.{f.qualname}"
        cls = f.qualname.rsplit(".", 1)[0]
        if f.name == "__init__":
            return f"{self.mod}.{cls}"
        if f.kind in ("static", "classmethod"):
            return f"{self.mod}.{f.qualname}"
        maker = self.makers.get(cls)
        return f"{maker}.{f.name}" if maker is not None else None


def call_probes(b: Builder, f: Function) -> None:
    """A good call of each overload, then every parameter given each adversarial value."""
    if f.name.startswith("__") and f.name != "__init__":
        return  # operators and protocols: objects.py
    callee = b.callee(f)
    if callee is None:
        return
    for n, sig in enumerate(f.overloads):
        tag = f"[{n}] " if len(f.overloads) > 1 else ""
        good = b.args(sig, full=True)
        fill = b.zero_filled(f, sig, _fill(b, sig.params))
        if good is not None:
            good = b.zero_filled(f, sig, good)
        if good is not None:
            b.add(f.qualname, "call", f"{tag}good call", f"{callee}({', '.join(good)})\n", 0)
        required = [i for i, p in enumerate(sig.params) if not p.has_default]
        if required:
            b.add(f.qualname, "call", f"{tag}no arguments", f"{callee}()\n", 1)
        b.add(f.qualname, "call", f"{tag}one argument too many",
              f"{callee}({', '.join([*fill, 'None'])})\n", 1)
        b.add(f.qualname, "call", f"{tag}unknown keyword",
              f"{callee}({', '.join([*fill[:len(required)], '_no_such_keyword=1'])})\n", 1)
        for i, p in enumerate(sig.params):
            for v in b.values.bad(p.ty):
                args = _with(fill, sig.params, i, v)
                b.add(f.qualname, "arg", f"{tag}{p.name}={v.label}",
                      f"{callee}({', '.join(args)})\n", 1)


def _fill(b: Builder, params: Sequence[Param]) -> list[str]:
    """Good values for every parameter (None where check has none), as call arguments."""
    out = []
    for p in params:
        g = b.values.good(p.ty) or "None"
        out.append(f"{p.name}={g}" if p.keyword_only else g)
    return out


def _with(fill: list[str], params: Sequence[Param], i: int, v: Value) -> list[str]:
    """The arguments with parameter i given v; defaulted parameters after it left out."""
    last_required = max((j for j, p in enumerate(params) if not p.has_default), default=-1)
    args = list(fill[:max(i, last_required) + 1])
    p = params[i]
    args[i] = f"{p.name}={v.expr}" if p.keyword_only else v.expr
    return args


def select(probes: list[Probe], patterns: Sequence[str]) -> list[Probe]:
    """`-k`: probes whose target or id matches a pattern (a glob, or else a substring);
    `not PATTERN` excludes."""
    if not patterns:
        return probes
    keep = [p for p in patterns if not p.startswith("not ")]
    drop = [p[4:].strip() for p in patterns if p.startswith("not ")]

    def hit(pat: str, probe: Probe) -> bool:
        if any(ch in pat for ch in "*?["):
            return fnmatch.fnmatchcase(probe.target, pat) or fnmatch.fnmatchcase(probe.id, pat)
        return pat in probe.id

    return [p for p in probes
            if (not keep or any(hit(k, p) for k in keep)) and not any(hit(d, p) for d in drop)]


def plan(surface: Surface, seed: int, leaks: bool = True,
         makers: dict[str, str] | None = None) -> list[Probe]:
    """Every probe for the module, in run order (tier, then the seed's shuffle); instances
    made by `makers` (else by makers.static_makers)."""
    from . import lifetimes, objects

    b = Builder(surface, seed, makers)
    for name in sorted(surface.constants):
        b.add(name, "constant", "read", f"repr({b.mod}.{name})\n", 0)
    for f in surface.callables():
        call_probes(b, f)
    for cls in surface.classes.values():
        if cls.is_enum:
            objects.enum_probes(b, cls)
        else:
            objects.class_probes(b, cls)
    lifetimes.lifetime_probes(b)
    if leaks:
        lifetimes.leak_probes(b)
    never = never_called(surface)
    calls = re.compile(rf"\.({'|'.join(sorted(re.escape(n.rsplit('.', 1)[-1]) for n in never))})\(")
    rng = random.Random(seed)
    tiers: dict[int, list[Probe]] = {}
    for p in b.probes:
        if never and (p.target in never or calls.search(p.code)):
            continue
        tiers.setdefault(p.tier, []).append(p)
    out: list[Probe] = []
    for t in sorted(tiers):
        group = tiers[t]
        rng.shuffle(group)
        out.extend(group)
    return out


#: what sends signals to other processes: `uv_kill(-1, 1)` would signal every process the user
#: may signal (runner.py's PID namespace stops that where the kernel allows one; this is the
#: rule everywhere)
SIGNALS = re.compile(r"(^|_|[a-z])(kill|Kill|killpg|sigqueue|send_?signal|SendSignal|"
                     r"setpriority|SetPriority)(_|[A-Z]|$)")
PID_PARAMS = re.compile(r"^(pid|pgid|ppid|pgrp|process_?id|processId)$")


def never_called(surface: Surface) -> set[str]:
    """Qualified names check never calls: functions that signal or renice other processes by
    name, or take a process id."""
    return {f.qualname for f in surface.callables()
            if SIGNALS.search(f.name) or any(PID_PARAMS.match(p.name)
                                             for s in f.overloads for p in s.params)}


def instance_of(b: Builder, ty: Ty) -> str | None:
    t = ty.main()
    return b.makers.get(t.name) if t.kind == "class" else None
