"""kwforms: each overload set's SWIG overloads with their Python parameters, for keyword calls.

SWIG dispatches an overload set on positional arguments, one wrapper per overload numbered in
declaration order (`_wrap_add__SWIG_0`, `__SWIG_1`, ...), each declaration followed by one
wrapper per trailing default it leaves out (SWIG expands defaults into overloads where keywords
are off: `Buffer(int n, double fill = 0.0)` is `__SWIG_0(n, fill)` then `__SWIG_1(n)`). The
post-processing (swig/kwdispatch.py) gives such a dispatcher keyword arguments; it needs every
`__SWIG_k`'s parameter names in that order, and each default's Python value (to fill in a
default that a later keyword skips). `note` lists them per SWIG symbol; the interface carries
them as one comment line each (templates/python/kwoverloads.i.j2):

    /* swiggen keywords new_Buffer exact: [["n",["fill",0.0]],["n"],["other","extra"]] */

A parameter is its name ("" where it is positional-only), `[name, value]` with a default Python can pass (an int, float, bool,
None or str), or `[name]` with one it cannot. `exact` says the lowering saw every overload in
SWIG's order; a set it cannot vouch for (an overload wrapped through a shim, template instances
beside plain overloads) is `names`: kwdispatch.py then binds by the names of any overload.
"""

from __future__ import annotations

import ast
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from ..model import Param
from .pyrecords import StubFunction, StubParam


@dataclass(frozen=True)
class KeywordOverloads:
    """One SWIG symbol's overloads (`__SWIG_k` in order), by their Python parameters."""

    symname: str
    exact: bool
    forms: tuple[tuple[StubParam, ...], ...]

    @property
    def line(self) -> str:
        """The comment line kwdispatch.py reads (no `*/` inside: `/` is escaped)."""
        forms = json.dumps([[_param(p) for p in f] for f in self.forms],
                           separators=(",", ":")).replace("/", "\\/")
        return f"/* swiggen keywords {self.symname} {'exact' if self.exact else 'names'}: " \
               f"{forms} */"


def _param(p: StubParam) -> object:
    if p.positional_only:  # no keyword binds it (an unnamed C++ parameter, or one before it)
        p = replace(p, name="")
    if not p.has_default:
        return p.name
    try:
        value = ast.literal_eval(p.default) if p.default != "..." else ...
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        value = ...
    if value is None or isinstance(value, (bool, int, float, str)):
        return [p.name, value]
    return [p.name]


def forms(params: Sequence[StubParam]) -> list[tuple[StubParam, ...]]:
    """A declaration's SWIG overloads: all its parameters, then without each trailing default
    in turn."""
    first = len(params)
    while first > 0 and params[first - 1].has_default:
        first -= 1
    return [tuple(params[:n]) for n in range(len(params), first - 1, -1)]


def note(found: list[KeywordOverloads], stubs: Sequence[StubFunction],
         symbol: Callable[[StubFunction], str], exact: bool, alone: bool = False) -> bool:
    """Add to `found` the sets SWIG dispatches (more than one overload after expanding
    defaults; `alone`: any, a part of a set noted elsewhere) of `stubs` in SWIG's order, by
    their SWIG `symbol`; whether there was one."""
    by: dict[str, list[tuple[StubParam, ...]]] = {}
    for stub in stubs:
        by.setdefault(symbol(stub), []).extend(forms(stub.params))
    new = [KeywordOverloads(s, exact, tuple(f)) for s, f in by.items() if alone or len(f) > 1]
    found += new
    return bool(new)


@dataclass(frozen=True)
class PositionalOnly:
    """One function SWIG gives keywords (not a set), whose first parameters are positional-only
    (an unnamed C++ parameter, and those before it): their names in SWIG's keyword table, which
    the post-processing (swig/posonly.py) blanks, as Python's own `""` names are."""

    symname: str
    names: tuple[str, ...]
    #: (SWIG's name, Python's): a count folded into the parameter after it binds by that
    #: parameter's name (`joined(argv=...)`, not `argc=`)
    renames: tuple[tuple[str, str], ...] = ()

    @property
    def line(self) -> str:
        lines = [f"/* swiggen positional {self.symname}: {' '.join(self.names)} */"] \
            if self.names else []
        if self.renames:
            pairs = " ".join(f"{a}={b}" for a, b in self.renames)
            lines.append(f"/* swiggen keyword {self.symname}: {pairs} */")
        return "\n".join(lines)


def note_positional(found: list[PositionalOnly], params: Sequence[Param], symname: str,
                    keywords: dict[int, str] | None = None) -> None:
    """Add SWIG symbol `symname`'s positional-only parameters to `found`, and the keyword names
    of folded pairs (`keywords`: ParamShape.keywords, indices into `params`), if it has any."""
    last = max((i for i, p in enumerate(params) if p.unnamed), default=-1)
    renames = tuple((params[i].name, name) for i, name in sorted((keywords or {}).items())
                    if i < len(params) and params[i].name != name)
    if symname and (last >= 0 or renames):
        found.append(PositionalOnly(symname, tuple(p.name for p in params[:last + 1]), renames))


def merged(found: Iterable[KeywordOverloads]) -> tuple[KeywordOverloads, ...]:
    """One set per symbol, sorted: a symbol noted twice (constructors and a constructor
    template's instances, overloads and function template instances) is one set of names, its
    order unknown."""
    by: dict[str, KeywordOverloads] = {}
    for k in found:
        if k.symname in by:
            old = by[k.symname]
            k = KeywordOverloads(k.symname, False, tuple(dict.fromkeys(old.forms + k.forms)))
        by[k.symname] = k
    return tuple(by[s] for s in sorted(by) if len(by[s].forms) > 1)


def note_instances(found: list[KeywordOverloads], instances: Sequence[StubFunction],
                   plain: Sequence[StubFunction], shared: set[str],
                   symbol: Callable[[StubFunction], str]) -> None:
    """Function template instances named like other overloads (`shared` names) are SWIG
    overloads after the plain ones (their %template lines follow the declarations), exact if
    there are no plain ones; a constructor template's instances are more constructors, a part
    of the set lower_constructors notes (merged: the set's names)."""
    note(found, [s for s in instances if s.name == "__init__"], symbol, True, alone=True)
    for n in sorted(shared - {"__init__"}):
        own = [s for s in plain if s.name == n]
        if any(s.name == n for s in instances):
            note(found, own + [s for s in instances if s.name == n], symbol, not own)
