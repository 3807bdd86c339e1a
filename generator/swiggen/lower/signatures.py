"""Python signatures in docstrings, so `help()` and `inspect.signature()` show them.

CPython reads a builtin's signature from the first lines of its docstring when they are

    circle_area(r, precision=6)
    --

(`$self` first for a method, `/` after the last parameter that cannot be given by keyword):
that is `__text_signature__`. A class's signature is its constructor's, at the top of the
class docstring and of its `__init__`'s (`Buffer.__init__`, which SWIG gives a docstring of
its own: `inspect.signature(Buffer)` reads that one when it is there).

An overload set has one text signature, its first overload's (named parameters where the stub
names them); its docstring then lists every overload with its types and result, as the stub's
`@overload`s do, each with its own doc comment where the overloads have different ones (one doc
comment among them documents the set: it follows the list):

    add(a, b)
    --

    add(a: int, b: int) -> int
        Adds two ints.

    add(a: float, b: float) -> float
        Adds two doubles.

Defaults are the stub's (lower/pydefaults.py): a literal is written as it is, anything else
(an enum member included) as `...`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from .pydefaults import literal, python_default
from .pyrecords import StubFunction

__all__ = ["init_docstring", "python_default", "text_signature", "with_signature"]


def text_signature(name: str, stub: StubFunction, method: bool, named: bool) -> str:
    """`name($self, a, b=2, /)`: `$self` for a method, `/` unless `named` (then after the
    parameters C++ leaves unnamed, and any before them)."""
    out = ["$self"] if method else []
    out += [f"{p.name}={p.default if literal(p.default) else '...'}" if p.has_default
            else p.name for p in stub.params]
    if not named and out:
        out.append("/")
    elif stub.params and stub.params[0].positional_only:  # unnamed in C++ (stubs.py)
        out.insert(len(out) - len(stub.params) + stub.positional_prefix, "/")
    return f"{name}({', '.join(out)})"


def with_signature(doc: str, name: str, stubs: Sequence[StubFunction], method: bool,
                   keywords: bool) -> str:
    """`doc` headed by the text signature of `name`: of its one stub, or of the first of an
    overload set, whose docstring then lists every overload (`keywords`: the wrapper takes
    keyword arguments; an overload set's do where its stubs are not positional-only)."""
    if not stubs:
        return doc
    first = stubs[0]
    head = text_signature(name, first, method and not first.is_static, _named(stubs, keywords))
    if len(stubs) == 1:
        return f"{head}\n--\n\n{doc}"
    return f"{head}\n--\n\n{_overloads(name, stubs, doc, init=name != first.name)}"


def init_docstring(cls: str, inits: Sequence[StubFunction], keywords: bool) -> str:
    """The docstring of a class's `__init__` (Python class name `cls`): the constructor's text
    signature, then its doc comment, or every overload's."""
    if not inits:
        return ""
    first = inits[0]
    head = text_signature("__init__", first, True, _named(inits, keywords))
    body = first.doc if len(inits) == 1 else _overloads(cls, inits, first.doc, init=True)
    return f"{head}\n--\n\n{body}"


def _named(stubs: Sequence[StubFunction], keywords: bool) -> bool:
    """Whether the text signature names its parameters: the wrapper takes keywords, or (an
    overload set) the stub names them."""
    return keywords or (len(stubs) > 1 and not stubs[0].positional)


def _overloads(name: str, stubs: Sequence[StubFunction], doc: str, init: bool) -> str:
    """Every overload's signature (as the stub's, without `-> None` for a constructor), each
    with its doc where the overloads have different ones (an overload without a doc comment of
    its own has the set's, as in the stub); then `doc` unless an overload shows it."""
    shown = [f"{name}{s.signature}".removesuffix(" -> None") if init else
             f"{name}{s.signature}" for s in stubs]
    own = len({s.doc for s in stubs if s.doc}) > 1
    if own:
        body = "\n\n".join(line + (f"\n{textwrap.indent(s.doc, '    ')}" if s.doc else "")
                           for line, s in zip(shown, stubs))
    else:
        body = "\n".join(shown)
    if doc and not (own and doc in {s.doc for s in stubs}):
        body += f"\n\n{doc}"
    return body
