"""The measured rows: what each one runs, and what must hold for a variant to qualify.

Every variant module exposes the same names (add, scale, twice, checked, sum, nogil_add,
gil_held, Point, Counter, Buffer). A row runs `stmt` in a timeit loop after `setup`, with the
variant's module as `m` and numpy as `np`. Before timing, `check` must be true: a variant that
lacks a feature (raises, returns a wrong value, or does not release the GIL) shows "n/a" with
the reason, and starts being measured as soon as the feature lands — nothing here names a variant.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    key: str
    label: str
    setup: str
    stmt: str
    check: str  #: an expression evaluated after setup; must be true


def raises(fn, exc) -> bool:  # noqa: ANN001 - used inside check expressions
    try:
        fn()
    except exc:
        return True
    return False


ROWS = (
    Row("add", "add(1, 2)", "f = m.add", "f(1, 2)",
        "f(1, 2) == 3 and raises(lambda: f(1.5, 2), TypeError)"),
    Row("kwargs", "scale(1.0, offset=3.0) (keywords)", "f = m.scale", "f(1.0, offset=3.0)",
        "f(1.0, offset=3.0) == 5.0 and f(x=1.0, factor=3.0) == 3.0"),
    Row("overload", "twice(1.5) (3 overloads)", "f = m.twice", "f(1.5)",
        "f(1.5) == 3.0 and f(2) == 4 and f('ab') == 'abab'"),
    Row("field_get", "struct field get", "p = m.Point(1.0, 2.0)", "p.x", "p.x == 1.0"),
    Row("field_set", "struct field set", "p = m.Point(1.0, 2.0)", "p.x = 1.5",
        "raises(lambda: setattr(p, 'x', 'a'), TypeError)"),
    Row("method0", "method call, no args", "c = m.Counter(5)", "c.value()", "c.value() == 5"),
    Row("method1", "method call, 1 arg", "c = m.Counter(5)", "c.bump(1)", "c.bump(1) == 6"),
    Row("getitem", "v[i] get", "v = m.Buffer(16)", "v[3]",
        "v[3] == 3.0 and v[-1] == 15.0 and raises(lambda: v[16], IndexError)"),
    Row("setitem", "v[i] set", "v = m.Buffer(16)", "v[3] = 2.5",
        "not v.__setitem__(3, 2.5) and v[3] == 2.5 and raises(lambda: v.__setitem__(16, 1.0), IndexError)"),
    Row("len", "len(v)", "v = m.Buffer(16)", "len(v)", "len(v) == 16"),
    Row("construct", "construct + destroy", "P = m.Point", "P(1.0, 2.0)",
        "P(1.0, 2.0).y == 2.0"),
    Row("raise", "raise + catch IndexError", "f = m.checked",
        "try:\n    f(-1)\nexcept IndexError:\n    pass", "raises(lambda: f(-1), IndexError)"),
    Row("numpy", "numpy sum, 10 doubles", "a = np.arange(10.0); f = m.sum", "f(a)",
        "f(a) == 45.0"),
    Row("nogil", "GIL-releasing call", "f = m.nogil_add", "f(1, 2)",
        "f(1, 2) == 3 and m.gil_held() is False"),
)
