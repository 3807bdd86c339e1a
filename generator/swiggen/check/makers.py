"""How `check` makes an instance of each class: candidate expressions, best first, of which the
first that works at run time is used (a class's methods, fields and protocols are probed on it).

    Options   -> kvstore.Options(), kvstore.Options(True, True)
    DB        -> kvstore.DB.open(kvstore.Options(), 'abc'), kvstore.DB.open(kvstore.Options(True,
                 True), 'abc')
    DBIterator -> kvstore.DB.open(...).new_iterator(kvstore.ReadOptions()), kvstore.DBIterator(None)

Candidates: module constants of the class, module functions and static methods named like
creators (`*_new`, `create*`, `*_alloc`, `open`), the constructor's overloads (with the required
arguments only, then with every argument), other functions and static methods returning the
class, then methods of classes that can be made; for a class with no methods of its own (a C
struct, which its constructor only zero-fills) its initialiser applied to a zero-filled one
(`yaml_parser_initialize(o)`, preconditions.py) and the other functions come before the
constructor; all of them before any that needs None for a parameter the stub types `Any` (an
opaque pointer, which the library often dereferences). `check` runs every candidate once in a
forked child (`x = EXPR`) and keeps the first that returns; without that, the first candidate.
"""

from __future__ import annotations

import re

from . import preconditions
from .preconditions import initialisers
from .surface import Signature, Surface
from .values import Values


def good_args(values: Values, sig: Signature, full: bool = False, strict: bool = False,
              given: dict[int, str] | None = None) -> list[str] | None:
    """Good arguments for the required parameters (all with `full`), or None if there is no
    good value for one of them (with `strict`, nor None for an `Any` parameter); `given`:
    the arguments of some parameters, by position."""
    out: list[str] = []
    for i, p in enumerate(sig.params):
        if given and i in given:
            out.append(f"{p.name}={given[i]}" if p.keyword_only else given[i])
            continue
        if p.has_default and not full:
            continue
        g = values.good(p.ty)
        if strict and g == "None" and not any(t.kind == "none" for t in p.ty.members()):
            g = None
        if g is None:
            if p.has_default:
                break
            return None
        out.append(f"{p.name}={g}" if p.keyword_only else g)
    return out


def static_makers(surface: Surface, seed: int, full: bool = False) -> dict[str, str]:
    """One expression per class that can be made, chosen without running anything: strict
    candidates first (to a fixed point, as one class's maker may need another's), then weak."""
    makers: dict[str, str] = {}
    values = Values(surface, makers, seed)
    for strict in (True, False):
        for _ in range(4):
            before = len(makers)
            for cls, exprs in _candidates(surface, values, makers, full, strict).items():
                if cls not in makers and exprs:
                    makers[cls] = exprs[0]
            if len(makers) == before:
                break
    return makers


def candidates(surface: Surface, seed: int, known: dict[str, str] | None = None
               ) -> dict[str, list[str]]:
    """Every class's candidate expressions, best first, without duplicates; arguments and
    receivers of other classes made by `known` (the makers that worked) where it has them."""
    known = known or {}
    minimal = {**static_makers(surface, seed), **known}
    full = {**static_makers(surface, seed, full=True), **known}
    out: dict[str, list[str]] = {}
    for strict in (True, False):
        for makers, use_full in ((minimal, False), (full, True)):
            values = Values(surface, makers, seed)
            for cls, exprs in _candidates(surface, values, makers, use_full, strict).items():
                bucket = out.setdefault(cls, [])
                bucket.extend(e for e in exprs if e not in bucket)
    return out


#: functions that make an object (`gsl_rng_alloc`, `ZSTD_createCCtx`, `uv_loop_new`,
#: `Db::open`): a C struct a constructor zero-fills is seldom a valid object of its library,
#: so such a function comes before the constructor
CREATES = re.compile(r"(^|_|[a-z])(new|New|create|Create|alloc|Alloc|make|Make|open|Open|"
                     r"default|Default|build|Build)([A-Z_]|$)")


def _candidates(surface: Surface, values: Values, makers: dict[str, str], full: bool,
                strict: bool) -> dict[str, list[str]]:
    """Per class: functions named like creators, constructors, other functions and static
    methods, methods of classes that can be made."""
    mod = surface.module
    creators: dict[str, list[str]] = {}
    out: dict[str, list[str]] = {}
    others: dict[str, list[str]] = {}
    for cls in surface.plain_classes():
        init = cls.methods.get("__init__")
        if init is None:
            continue
        for sig in sorted(init.overloads, key=lambda g: sum(not p.has_default
                                                            for p in g.params)):
            args = good_args(values, sig, full, strict)
            if args is not None:
                out.setdefault(cls.qualname, []).append(
                    f"{mod}.{cls.qualname}({', '.join(args)})")
    for methods in (False, True):
        for f in surface.callables():
            if (f.kind == "method") != methods or f.name.startswith("__"):
                continue
            if f.kind == "method":
                owner = makers.get(f.qualname.rsplit(".", 1)[0])
                if owner is None:
                    continue
                callee = f"{owner}.{f.name}"
            else:
                callee = f"{mod}.{f.qualname}"
            for sig in f.overloads:
                r = sig.returns.main()
                args = good_args(values, sig, full, strict)
                if r.kind == "class" and r.name in surface.classes and args is not None:
                    into = creators if not methods and CREATES.search(f.name) else others
                    into.setdefault(r.name, []).append(f"{callee}({', '.join(args)})")
    initialised: dict[str, list[str]] = {}
    for struct, inits in initialisers(surface).items():
        for initialiser in inits:
            args = good_args(values, initialiser.sig, full, strict,
                             given={initialiser.index: "o"})
            if args is not None:
                initialised.setdefault(struct, []).append(
                    preconditions.initialised(mod, initialiser, args))
    for name, text in sorted(surface.constants.items()):  # the library's own objects first
        const = surface.classes.get(text.replace(" | None", ""))
        if const is not None and not const.is_enum:
            creators.setdefault(const.qualname, []).insert(0, f"{mod}.{name}")
    result: dict[str, list[str]] = {}
    for q in {*creators, *out, *others, *initialised}:
        if any(not n.startswith("__") for n in surface.classes[q].methods):
            result[q] = [*creators.get(q, []), *out.get(q, []), *others.get(q, [])]
        else:  # a C struct: its constructor zero-fills it, the library's functions make it
            result[q] = [*creators.get(q, []), *initialised.get(q, []), *others.get(q, []),
                         *out.get(q, [])]
    return result
