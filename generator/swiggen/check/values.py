"""The values `check` passes, per parameter type: one good value (to fill the other parameters
while one is probed) and the adversarial and boundary ones.

Values are Python source text (`2**63`, `'x' * (1 << 20)`, `numpy.zeros(0)`,
`example.Vector()`), evaluated in the probe itself, so a finding's reproduction is the probe's
own code.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from .surface import Class, Surface, Ty


@dataclass(frozen=True)
class Value:
    expr: str
    label: str  # what it is, for the report: "None", "2**63", "1 MB str"


INT_BOUNDS = ("0", "-1", "2**31", "-2**31-1", "2**63", "2**64", "-2**63-1", "2**31-1",
              "2**32", "2**63-1", "10**100")
FLOATS = ("float('nan')", "float('inf')", "-float('inf')", "-0.0", "1e308", "5e-324")
HUGE = 1 << 20
NUMPY_DTYPES = ("float64", "float32", "int8", "uint8", "int16", "uint16", "int32", "uint32",
                "int64", "uint64", "bool_", "complex128")


def _v(expr: str, label: str | None = None) -> Value:
    return Value(expr, label if label is not None else expr)


WRONG = (_v("None"), _v("object()"))
TEXT = (_v("''", "empty str"), _v(f"'x' * {HUGE}", "1 MB str"),
        _v("'\\u00e9\\u4e2d\\U0001f600'", "non-ASCII str"), _v("'a\\x00b'", "str with NUL"),
        _v("'\\ud800'", "lone surrogate"))
BYTES = (_v("b''", "empty bytes"), _v(f"b'x' * {HUGE}", "1 MB bytes"),
         _v("b'\\xff\\xfe\\x00'", "non-UTF-8 bytes with NUL"), _v("bytearray(b'ab')"),
         _v("memoryview(b'ab')"))


class Values:
    """Good and adversarial values for the types of one module's stub."""

    def __init__(self, surface: Surface, makers: dict[str, str], seed: int) -> None:
        self.surface = surface
        self.mod = surface.module
        self.makers = makers  # class qualname -> expression making an instance
        self.rng = random.Random(seed)

    def good(self, ty: Ty, depth: int = 0) -> str | None:
        """A value the parameter is meant to take, or None if check cannot make one."""
        t = ty.main()
        k = t.kind
        if k == "int":
            return "1"
        if k == "float":
            return "1.5"
        if k == "bool":
            return "True"
        if k == "str":
            return "'abc'"
        if k == "bytes":
            return "b'abc'"
        if k in ("none", "any", "unknown") and ty.nullable():
            return "None"
        if k == "enum":
            cls = self.surface.classes[t.name]
            return f"{self.mod}.{t.name}.{cls.members[0]}" if cls.members else "0"
        if k == "class":
            return self.makers.get(t.name)
        if k in ("seq", "tuple") and depth < 3:
            found = [self.good(a, depth + 1) for a in t.args] or ["1"]
            items = [i for i in found if i is not None]
            if len(items) < len(found):
                return "[]" if k == "seq" else None
            return f"[{items[0]}]" if k == "seq" else f"({', '.join(items)},)"
        if k == "map" and depth < 3:
            kv = [self.good(a, depth + 1) for a in t.args[:2]]
            if len(kv) == 2 and kv[0] is not None and kv[1] is not None:
                return f"{{{kv[0]}: {kv[1]}}}"
            return "{}"
        if k == "callable":
            return "lambda *a: None"
        if k == "array":
            return f"numpy.ones(3, dtype=numpy.{t.name or 'float64'})"
        if k == "any":
            return "1"
        return None

    def bad(self, ty: Ty) -> list[Value]:
        """Adversarial and boundary values for a parameter of type `ty` (None first)."""
        t = ty.main()
        k = t.kind
        out: list[Value] = [] if ty.nullable() else [_v("None")]
        if k == "int":
            out += [_v(x) for x in INT_BOUNDS]
            out += [_v("1.5"), _v("'1'", "str"), _v("object()"), _v("float('nan')"),
                    _v(str(self.rng.randint(-2**40, 2**40)), "random int")]
        elif k == "float":
            out += [_v(x) for x in FLOATS]
            out += [_v("'1.0'", "str"), _v("2**1024", "int too large for a double"),
                    _v("object()")]
        elif k == "bool":
            out += [_v("2"), _v("'x'", "str"), _v("object()")]
        elif k == "str":
            out += [*TEXT, _v("b'abc'", "bytes"), _v("1", "int"), _v("object()")]
        elif k == "bytes":
            out += [*BYTES, _v("'abc'", "str"), _v("1", "int")]
        elif k == "enum":
            out += [_v("12345", "int that is no enumerator"), _v("-1"), _v("2**31"),
                    _v("2**64"), _v("'Red'", "str")]
        elif k == "class":
            out += self._instances(t.name)
        elif k == "seq":
            out += self._sequences(t)
        elif k == "tuple":
            out += [_v("()"), _v("(None,)"), _v("(1, 2, 3, 4, 5, 6, 7, 8)", "long tuple"),
                    _v("1", "int")]
        elif k == "map":
            good = self.good(t) or "{}"
            out += [_v("{}"), _v("{None: None}"), _v("[(1, 2)]", "list of pairs"),
                    _v("1", "int"), _v(good, "good mapping")]
        elif k == "callable":
            out += [_v("1", "int, not callable"), _v("lambda *a: 1 / 0", "callable that raises"),
                    _v("lambda *a: object()", "callable returning a wrong type"),
                    _v("lambda: None", "callable taking no arguments")]
        elif k == "array":
            out += self._arrays(t.name)
        else:  # any, unknown
            out += [_v("1"), _v("'abc'", "str"), _v("object()"), _v("[]"), _v("{}"),
                    _v(f"'x' * {HUGE}", "1 MB str"), _v("-1"), _v("2**64")]
        return out

    def _instances(self, qualname: str) -> list[Value]:
        out = [_v("1", "int"), _v("'abc'", "str"), _v("object()")]
        cls = self.surface.classes.get(qualname)
        if cls is not None:
            out.append(_v(f"{self.mod}.{qualname}.__new__({self.mod}.{qualname})",
                          "an instance never initialised"))
        maker = self.makers.get(qualname)
        if maker is not None:
            out.append(_v(maker, "a fresh instance"))
        other = self.other_instance(qualname)
        if other is not None:
            out.append(other)
        return out

    def other_instance(self, qualname: str) -> Value | None:
        """An instance of another wrapped class (not a base or a derived class of this one)."""
        related = {qualname, *self._bases(qualname)}
        for name, expr in sorted(self.makers.items()):
            if name not in related and qualname not in self._bases(name):
                return _v(expr, f"a {name}, another class")
        return None

    def _bases(self, qualname: str) -> set[str]:
        out: set[str] = set()
        todo = [qualname]
        while todo:
            cls = self.surface.classes.get(todo.pop())
            if cls is None:
                continue
            for b in cls.bases:
                found = _by_name(self.surface, b)
                if found is not None and found.qualname not in out:
                    out.add(found.qualname)
                    todo.append(found.qualname)
        return out

    def _sequences(self, t: Ty) -> list[Value]:
        item = t.args[0] if t.args else Ty("any")
        good = self.good(item) or "1"
        out = [_v("[]"), _v("[None]"), _v("'abc'", "str (a sequence of str)"),
               _v("1", "int"), _v(f"[{good}] * 100000", "100,000 items"),
               _v(f"({good} for _ in range(3))", "generator"), _v("{1: 2}", "dict"),
               _v("[[]]", "nested list")]
        for v in self.bad(item)[:6]:
            if v.expr != "None":
                out.append(Value(f"[{v.expr}]", f"[{v.label}]"))
        return out

    def _arrays(self, dtype: str) -> list[Value]:
        dt = dtype or "float64"
        wrong = next(d for d in ("complex128", "int8", "float64") if d != dt)
        a = f"dtype=numpy.{dt}"
        return [
            _v(f"numpy.zeros(0, {a})", "empty array"),
            _v(f"numpy.zeros(3, dtype=numpy.{wrong})", f"wrong dtype ({wrong})"),
            _v("numpy.array(['a', 'b'], dtype=object)", "object array"),
            _v(f"numpy.zeros((2, 3), {a})", "2-D array"),
            _v(f"numpy.zeros((2, 2, 2), {a})", "3-D array"),
            _v(f"numpy.zeros((), {a})", "0-D array"),
            _v(f"numpy.arange(12, {a})[::3]", "non-contiguous array"),
            _v(f"numpy.zeros((3, 4), {a}).T", "transposed (Fortran-order) array"),
            _v(f"numpy.arange(6, {a})[::-1]", "negative stride"),
            _v(f"numpy.frombuffer(bytes(64), {a})", "read-only array"),
            _v(f"numpy.zeros(1 << 20, {a})", "1M elements"),
            _v("[1, 2, 3]", "list"), _v("'abc'", "str"), _v("1.5", "float"),
        ]


def _by_name(surface: Surface, name: str) -> Class | None:
    if name in surface.classes:
        return surface.classes[name]
    tails = [c for c in surface.classes.values() if c.qualname.rsplit(".", 1)[-1] == name]
    return tails[0] if len(tails) == 1 else None
