"""Lifetime and leak probes.

Dependants and parents (issue #34, invariant 5): an object made from another (by a method,
`obj[i]`, `iter(obj)`, or a function or constructor from its arguments) is used after its
parent was dropped and collected, and after the parent's close-like method; and both are left
alive at interpreter exit (a `fresh` probe: a script in a new interpreter).

    p = example.Shelf(3)
    c = p[0]
    del p
    gc.collect()
    repr(c)

Leaks: a good call repeated in a loop, measuring the process's RSS and CPython's allocated
blocks over two rounds after a warm-up round (`LEAK_HARNESS`); a leak is a finding only when
both rounds grew by at least 256 bytes a call (and 512 KiB in all), or by a Python block every
second call. The probe's code is the whole measuring script, so its reproduction prints the
same numbers.

Each lifetime probe has a control: the same code without its lifetime step (the parent kept
alive and open, the arguments kept), which check runs when the probe crashes: if it crashes
too, the crash is not the lifetime's (folding.py).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .surface import Function, Param, Signature, Ty

if TYPE_CHECKING:
    from .probes import Builder

#: module functions that keep what they are given by design (registries): their good call
#: repeated grows the process without leaking, so only their refused call is measured
#: functions that end their argument's life: a leak probe passes each call a new one
CONSUMES = re.compile(r"(free|Free|destroy|Destroy|delete|Delete|close|Close|release|Release|"
                      r"dispose|dealloc|unref|Unref|finali[sz]e|clear_?mem|ClearMem)")
ACCUMULATES = re.compile(r"^(add|append|push|insert|emplace|put|register|subscribe|connect|"
                         r"attach|watch|listen|on|set|store|cache|intern)(_|[A-Z]|$)")

CLOSERS = re.compile(r"^(close|destroy|reset|clear|release|free|dispose|shutdown|finali[sz]e|"
                     r"finish|disconnect|stop|erase|delete|unload|detach|end)", re.I)

LEAK_HARNESS = '''\
def rss():
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')


def round_of(n):
    """n calls on a fresh receiver, dropped at the end: (RSS, Python blocks) it left."""
    gc.collect()
    r, k = rss(), sys.getallocatedblocks()
    o = make()
    for _ in range(n):
        call(o)
    del o
    gc.collect()
    return rss() - r, sys.getallocatedblocks() - k


def measure():
    try:
        call(make())
    except Exception as e:
        return {'raised': type(e).__name__}
    o = make()
    t = time.perf_counter()
    for _ in range(10):
        call(o)
    per = (time.perf_counter() - t) / 10
    del o
    if per > 0.002:
        return {'too slow to measure': per}
    n = max(300, min(10000, int(0.02 / max(per, 1e-7))))
    round_of(n)  # warm-up: caches, free lists, the allocator's arenas
    grown = [round_of(n), round_of(n)]
    leak = (all(r >= max(512 << 10, 256 * n) for r, _ in grown)
            or all(k >= n // 2 for _, k in grown))
    return {'calls': n, 'grown (RSS bytes, Python blocks)': grown, 'leak': leak}


result = measure()
print(result)
'''


def touch(b: Builder, var: str, ty: Ty) -> str:
    """Use an object every way that needs its memory: repr, fields, argument-less methods."""
    lines = [f"repr({var})\n"]
    t = ty.main()
    cls = b.surface.classes.get(t.name) if t.kind == "class" else None
    if cls is None:
        return "".join(lines)
    uses = [f"{var}.{a.name}" for a in cls.attributes[:4]]
    for name, f in sorted(cls.methods.items()):
        if f.kind == "method" and not name.startswith("__") and not CLOSERS.match(name) and \
                b.args(f.overloads[0]) == [] and len(uses) < 8:
            uses.append(f"{var}.{name}()")
    if "__len__" in cls.methods:
        uses.append(f"len({var})")
    if "__getitem__" in cls.methods:
        uses.append(f"{var}[0]")
    for u in uses:
        lines.append(f"try:\n    {u}\nexcept Exception:\n    pass\n")
    return "".join(lines)


def _fresh(b: Builder, p: Param) -> str | None:
    """A value made at run time (not a constant of the code), so `del` really frees it."""
    t = p.ty.main()
    if t.kind == "class":
        return b.makers.get(t.name)
    if t.kind == "str":
        return "''.join(['abc'] * 30)"
    if t.kind == "bytes":
        return "bytes(range(64))"
    if t.kind == "seq":
        g = b.values.good(t)
        return f"list({g})" if g else None
    if t.kind == "map":
        g = b.values.good(t)
        return f"dict({g})" if g else None
    if t.kind == "array":
        return f"numpy.arange(8, dtype=numpy.{t.name or 'float64'})"
    return None


def _returns_class(b: Builder, f: Function, sig: Signature) -> Ty | None:
    if f.name == "__init__":
        return Ty("class", f.qualname.rsplit(".", 1)[0])
    r = sig.returns.main()
    return r if r.kind == "class" and r.name in b.surface.classes else None


def lifetime_probes(b: Builder) -> None:
    for cls in b.surface.plain_classes():
        maker = b.makers.get(cls.qualname)
        if maker is None:
            continue
        new = f"p = {maker}\n"
        closers = sorted(n for n, f in cls.methods.items() if CLOSERS.match(n)
                         and f.kind == "method" and b.args(f.overloads[0]) == [])
        for name, f in sorted(cls.methods.items()):
            if f.kind != "method" or name.startswith("__"):
                continue
            sig = f.overloads[0]
            ret = _returns_class(b, f, sig)
            args = b.args(sig)
            if ret is None or args is None:
                continue
            make = f"{new}c = p.{name}({', '.join(args)})\n"
            _dependant(b, f.qualname, f"p.{name}()", make, ret, closers, cls.qualname)
        getitem = cls.methods.get("__getitem__")
        if getitem is not None:
            ret = _returns_class(b, getitem, getitem.overloads[0])
            key = b.values.good(getitem.overloads[0].params[0].ty) \
                if getitem.overloads[0].params else None
            if ret is not None and key is not None:
                _dependant(b, getitem.qualname, f"p[{key}]", f"{new}c = p[{key}]\n", ret,
                           closers, cls.qualname)
        if "__iter__" in cls.methods or "__getitem__" in cls.methods:
            q = cls.qualname
            loop = "for x in zip(range(10000), it):\n    repr(x)\n"
            b.add(q, "lifetime", "iter(p), drop p, iterate",
                  f"{new}it = iter(p)\ndel p\ngc.collect()\n{loop}", 2,
                  control=("iter(p), iterate", f"{new}it = iter(p)\n{loop}"), names=(("p", q),))
            b.add(q, "exit", "an iterator alive at interpreter exit",
                  f"{new}it = iter(p)\nnext(it, None)\n", 3, mode="fresh")
    for f in b.surface.callables():
        if f.name.startswith("__") and f.name != "__init__":
            continue
        callee = b.callee(f)
        if callee is None:
            continue
        for sig in f.overloads[:2]:
            _argument_dependant(b, f, sig, callee)


def _dependant(b: Builder, target: str, how: str, make: str, ret: Ty,
               closers: list[str], owner: str) -> None:
    """`c = p.method()` used after p is dropped or closed, dropped before p; each with its
    control, without the lifetime step (p alive and open, both dropped at the end)."""
    names = (("p", owner), ("c", ret.name))
    use = (f"c = {how}, use c", f"{make}{touch(b, 'c', ret)}")
    b.add(target, "lifetime", f"c = {how}, drop p, use c",
          f"{make}del p\ngc.collect()\n{touch(b, 'c', ret)}", 2, control=use, names=names)
    b.add(target, "lifetime", f"c = {how}, drop c, then p",
          f"{make}del c\ngc.collect()\ndel p\ngc.collect()\n", 2, control=(f"c = {how}", make),
          names=names)
    for close in closers:
        b.add(target, "lifetime", f"c = {how}, p.{close}(), use c",
              f"{make}p.{close}()\n{touch(b, 'c', ret)}del p\ngc.collect()\n"
              f"{touch(b, 'c', ret)}", 2, control=use, names=names)
    b.add(target, "exit", f"c = {how}, both alive at interpreter exit", make, 3, mode="fresh")


def _argument_dependant(b: Builder, f: Function, sig: Signature, callee: str) -> None:
    """A result made from arguments (a view of a str, an object of its parameters) outlives
    them."""
    ret = _returns_class(b, f, sig)
    if ret is None or not sig.params:
        return
    setup, args, names = [], [], []
    for i, p in enumerate(sig.params):
        fresh = _fresh(b, p)
        if fresh is not None:
            setup.append(f"a{i} = {fresh}\n")
            args.append(f"{p.name}=a{i}" if p.keyword_only else f"a{i}")
            names.append(f"a{i}")
            continue
        g = b.values.good(p.ty)
        if g is None:
            if p.has_default:
                break
            return
        args.append(f"{p.name}={g}" if p.keyword_only else g)
    if not names:
        return
    call = f"r = {callee}({', '.join(args)})\n"
    b.add(f.qualname, "lifetime", "result used after its arguments are dropped",
          "".join(setup) + call + f"del {', '.join(names)}\ngc.collect()\n" + touch(b, "r", ret),
          2, names=(("r", ret.name),),
          control=("result used, its arguments alive", "".join(setup) + call + touch(b, "r", ret)))


def leak_probes(b: Builder) -> None:
    """A good call repeated (tier 3), and a call refused for a wrong argument (tier 4). The
    receiver and the arguments that are objects of the module are made once a round (`o[0]`,
    `o[1]`, ...), so only the call itself is measured, not what makes its arguments."""
    for f in b.surface.callables():
        if f.name.startswith("__") and f.name != "__init__":
            continue
        callee = b.callee(f)
        if callee is None:
            continue
        objects: list[str] = []
        if f.kind == "method" and f.name != "__init__":
            objects.append(b.makers[f.qualname.rsplit(".", 1)[0]])
            callee = f"o[0].{f.name}"
        for n, sig in enumerate(f.overloads):
            tag = f"[{n}] " if len(f.overloads) > 1 else ""
            args = b.args(sig, full=True)
            if args is not None and (objects or not ACCUMULATES.match(f.name)):
                made = list(objects)
                # what frees its argument gets a new one each call (o[0] twice: a double free)
                keep = CONSUMES.search(f.name) is not None
                call = f"{callee}({', '.join(a if keep else _hoist(b, a, made) for a in args)})"
                b.add(f.qualname, "leak", f"{tag}good call repeated", _leak(made, call), 3,
                      mode="leak")
            if sig.params and sig.params[0].ty.main().kind not in ("any", "unknown"):
                made = list(objects)
                fill = [_hoist(b, b.values.good(p.ty) or "None", made) for p in sig.params]
                bad = ", ".join(["object()", *fill[1:]])
                b.add(f.qualname, "leak", f"{tag}refused call repeated",
                      _leak(made, f"try:\n        {callee}({bad})\n"
                                  "    except (TypeError, ValueError):\n        pass"),
                      4, mode="leak")
    for cls in b.surface.plain_classes():
        maker = b.makers.get(cls.qualname)
        if maker is None:
            continue
        for a in cls.attributes:
            b.add(f"{cls.qualname}.{a.name}", "leak", "get repeated",
                  _leak([maker], f"o[0].{a.name}"), 3, mode="leak")
            good = b.values.good(a.ty)
            if a.writable and good is not None:
                made = [maker]
                b.add(f"{cls.qualname}.{a.name}", "leak", "set repeated",
                      _leak(made, f"o[0].{a.name} = {_hoist(b, good, made)}"), 3, mode="leak")


def _hoist(b: Builder, arg: str, made: list[str]) -> str:
    """An argument that makes an object of the module (`gsl.gsl_rng_alloc(...)`) becomes
    `o[k]`, made once a round; others stay as they are."""
    name, eq, value = arg.partition("=") if re.match(r"^\w+=", arg) else ("", "", arg)
    if f"{b.mod}." in value and "(" in value:
        made.append(value)
        value = f"o[{len(made) - 1}]"
    return f"{name}{eq}{value}"


def _leak(made: list[str], body: str) -> str:
    """The measuring script: `make()` the receiver and object arguments (fresh ones each
    round, so what a method keeps in its object is freed with it), `call(o)` the call."""
    objects = f"[{', '.join(made)}]" if made else "None"
    return (f"def make():\n    return {objects}\n\n\ndef call(o):\n    {body}\n\n\n"
            f"{LEAK_HARNESS}")
