"""Python signatures in docstrings, so `help()` and `inspect.signature()` show them.

CPython reads a builtin's signature from the first lines of its docstring when they are

    circle_area(r, precision=6)
    --

(`$self` first for a method, `/` after the last parameter that cannot be given by keyword):
that is `__text_signature__`. A class's signature is its constructor's, at the top of the
class docstring. An overload set has no single signature: its docstring lists every overload
with its result, as the stub's `@overload`s do.

Defaults are C++ text; the ones that are also Python literals (`6`, `1.5f`, `true`, `nullptr`,
`"utf-8"`, `'q'`) are shown as Python values, any other as `...`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .pyrecords import StubFunction, StubParam

_INT = re.compile(r"[+-]?(0[xX][0-9a-fA-F']+|0[bB][01']+|\d[\d']*)[uUlLzZ]*")
_FLOAT = re.compile(r"[+-]?(\d[\d']*\.?[\d']*([eE][+-]?\d+)?|\.\d[\d']*([eE][+-]?\d+)?)[fFlL]?")
_WORDS = {"true": "True", "false": "False", "nullptr": "None", "NULL": "None"}


def python_default(cpp: str | None) -> str:
    """A C++ default argument as a Python literal, or `...` when it is none."""
    if cpp is None:
        return "..."
    text = cpp.strip()
    if text in _WORDS:
        return _WORDS[text]
    if text.startswith("{") and text.endswith("}") and not text[1:-1].strip():
        return "..."  # a default-constructed value: an empty list, a zero struct, ...
    if _INT.fullmatch(text):
        digits = text.replace("'", "").rstrip("uUlLzZ")
        return str(int(digits, 0)) if not re.fullmatch(r"[+-]?0\d+", digits) else \
            str(int(digits, 8))
    if _FLOAT.fullmatch(text) and any(c.isdigit() for c in text):
        return repr(float(text.replace("'", "").rstrip("fFlL")))
    if len(text) == 3 and text[0] == text[2] == "'" and text[1].isascii() and \
            text[1].isprintable() and text[1] not in "'\\":
        return repr(text[1])  # a char literal: a one-character str
    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', text)
    if m and "\\" not in m.group(1) and m.group(1).isascii():
        return repr(m.group(1))
    return "..."


def _params(params: Sequence[StubParam], method: bool, keywords: bool) -> str:
    out = ["$self"] if method else []
    out += [f"{p.name}={p.default}" if p.has_default else p.name for p in params]
    if not keywords and (params or method):
        out.append("/")
    return ", ".join(out)


def with_signature(doc: str, name: str, stubs: Sequence[StubFunction], method: bool,
                   keywords: bool) -> str:
    """`doc` headed by the text signature of `name` (one stub), or by the list of its
    overloads' signatures (several)."""
    if not stubs:
        return doc
    if len(stubs) == 1:
        head = f"{name}({_params(stubs[0].params, method and not stubs[0].is_static, keywords)})"
        return f"{head}\n--\n\n{doc}"
    lines = [f"{name}({_params(s.params, False, True)}) -> {s.returns}" for s in stubs]
    return "\n".join(lines) + (f"\n\n{doc}" if doc else "")
