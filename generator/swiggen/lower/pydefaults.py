"""pydefaults: a C++ default argument as Python writes it, for the stub and the text signature.

    int scale(int x, int factor = 2);        ->  def scale(x: int, factor: int = 2) -> int
    void fill(double v = 0);                 ->  v: float = 0.0
    void paint(Color c = Color::Red);        ->  c: Color = Color.Red        (the stub)
    Buffer(const char* name = nullptr);      ->  name: str | None = None

A default that is a Python literal of the parameter's type (an int, a float, a bool, a str,
None) is written as that literal; an enum member the stub can name is `Enum.Member`; any other
(an expression, a constructor call, a literal of another type) is `...`, which says only that
the argument may be left out. The text signature (`__text_signature__`, lower/signatures.py)
takes the literals and writes `...` for an enum member: `inspect` evaluates a name in a text
signature only where the module is importable under that name, and a builtin's signature must
never fail to parse.
"""

from __future__ import annotations

import ast
import keyword
import math
import re
from collections.abc import Iterable, Mapping

from ..model import Class, Enum_, Param, TypeKind

_INT = re.compile(r"[+-]?(0[xX][0-9a-fA-F']+|0[bB][01']+|\d[\d']*)[uUlLzZ]*")
_FLOAT = re.compile(r"[+-]?(\d[\d']*\.?[\d']*([eE][+-]?\d+)?|\.\d[\d']*([eE][+-]?\d+)?)[fFlL]?")
_WORDS = {"true": "True", "false": "False", "nullptr": "None", "NULL": "None",
          "std::nullopt": "None"}
#: a (qualified) name: `Color::Red`, `::ns::kFast`
_NAME = re.compile(r"(?:::)?(?:[A-Za-z_]\w*::)*([A-Za-z_]\w*)")


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
        value = float(text.replace("'", "").rstrip("fFlL"))
        return repr(value) if math.isfinite(value) else "..."  # (`1e999`: no literal)
    if len(text) == 3 and text[0] == text[2] == "'" and text[1].isascii() and \
            text[1].isprintable() and text[1] not in "'\\":
        return repr(text[1])  # a char literal: a one-character str
    m = re.fullmatch(r'"((?:[^"\\]|\\.)*)"', text)
    if m and "\\" not in m.group(1) and m.group(1).isascii():
        return repr(m.group(1))
    return "..."


def literal(default: str) -> bool:
    """Whether a stub default is a Python literal (what a text signature may hold)."""
    try:
        ast.literal_eval(default)
    except (ValueError, SyntaxError):
        return False
    return default != "..."


def param_default(p: Param, annotation: str, enums: Mapping[str, tuple[str, ...]]) -> str:
    """The default of parameter `p` whose stub annotation is `annotation`, as the stub writes
    it: a literal of the annotation's type, `Enum.Member`, or `...`. `enums`: each enum's
    C++ members, by the enum's qualified name."""
    if p.default is None:
        return "..."
    if p.type.kind is TypeKind.ENUM and not p.type.indirection.startswith("*"):
        return _member(p.default, p.type.target, annotation, enums)
    value = python_default(p.default)
    if value == "...":
        return value
    kinds = set(annotation.split(" | "))
    parsed = ast.literal_eval(value)
    if parsed is None:
        return value if "None" in kinds else "..."
    if p.type.indirection == "*" and parsed == 0 and type(parsed) is int and "None" in kinds:
        return "None"  # `T* p = 0`: a null pointer
    if isinstance(parsed, (bool, str)):
        return value if type(parsed).__name__ in kinds else "..."
    if isinstance(parsed, int):
        if parsed < 0 and p.type.canonical.startswith("unsigned"):
            return "..."  # (`unsigned n = -1` is the largest value, not -1)
        if "int" in kinds:
            return value
        if "bool" in kinds and parsed in (0, 1):
            return repr(bool(parsed))
        return repr(float(parsed)) if "float" in kinds else "..."
    return value if "float" in kinds else "..."


def _member(cpp: str, enum: str, annotation: str, enums: Mapping[str, tuple[str, ...]]) -> str:
    """`Color::Red` (or `Red`, `ns::Color::Red`) of enum `enum` as `Color.Red`; `...` for any
    other default (a cast, a constant of the enum's type)."""
    m = _NAME.fullmatch(cpp.replace(" ", ""))
    if m is None or m.group(1) not in enums.get(enum, ()) or \
            not re.fullmatch(r"[A-Za-z_][\w.]*", annotation):
        return "..."
    name = m.group(1)
    return f"{annotation}.{name}_" if keyword.iskeyword(name) else f"{annotation}.{name}"


def enum_members(enums: Iterable[Enum_], classes: Iterable[Class]) -> dict[str, tuple[str, ...]]:
    """Each named enum's members, by its qualified name: those of `enums` and of the enums
    declared in `classes` (nested classes included)."""
    out = {e.qualname: tuple(m.name for m in e.members) for e in enums if e.name}
    for c in classes:
        out.update(enum_members(c.enums, c.classes))
    return out
