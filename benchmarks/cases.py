"""The measured rows: what each one runs, and what must hold for a variant to qualify.

Every variant module exposes the same names (add, scale, twice, checked, sum, nogil_add,
gil_held, reversed, divide, parse, Point, Segment, Counter, Buffer, Base/Middle/Leaf). A row
runs `stmt` in a timeit loop after `setup`, with the variant's module as `m` and numpy as `np`.
Before timing, `check` must be true: a variant that lacks a feature (raises, returns a wrong
value, or does not release the GIL) shows "n/a" with the reason, and starts being measured as
soon as the feature lands — nothing here names a variant.
"""

from __future__ import annotations

import sys
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


def keeps_alive(owner, get) -> bool:  # noqa: ANN001 - used inside check expressions
    """True when the object `get()` returns holds a reference to `owner` while it lives."""
    before = sys.getrefcount(owner)
    view = get()
    held = sys.getrefcount(owner) > before
    del view
    return held


def is_view(owner) -> bool:  # noqa: ANN001
    """`owner.a` is a view into owner (writing through it changes owner), not a copy."""
    owner.a.x = 4.0
    return owner.a.x == 4.0


#: the names check expressions may use besides `m` and `np`
HELPERS = {"raises": raises, "keeps_alive": keeps_alive, "is_view": is_view}

DOUBLES = "d = [float(i) for i in range(1000)]"

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

#: issue 20's rows users hit in real code; run.py times them after ROWS. benchmarks/pypy.py times
#: ROWS only (its cffi and ctypes shims, lib/benchlib_c.h, cover those).
MORE_ROWS = (
    Row("string", "string in, string out: c.greet(\"abc\")", "c = m.Counter(5)", 'c.greet("abc")',
        "c.greet('abc') == 'hi abc' and raises(lambda: c.greet(1), TypeError)"),
    Row("vector", "std::vector<double> of 1,000 in and out", f"f = m.reversed; {DOUBLES}", "f(d)",
        "list(f(d)) == d[::-1] and raises(lambda: f([1.0, 'a']), TypeError)"),
    Row("iterate", "for x in v: 1,000 elements", "v = m.Buffer(1000)", "for x in v:\n    pass",
        "list(v) == [float(i) for i in range(1000)]"),
    Row("view", "property returning a view (keep-alive)", "s = m.Segment()", "s.a",
        "keeps_alive(s, lambda: s.a) and is_view(s)"),
    Row("getitem_oob", "v[10**6] raising IndexError", "v = m.Buffer(16)",
        "try:\n    v[1000000]\nexcept IndexError:\n    pass",
        "raises(lambda: v[1000000], IndexError)"),
    Row("outparam", "out-parameter: divide(7, 2) -> (3, 1)", "f = m.divide", "f(7, 2)",
        "tuple(f(7, 2)) == (3, 1)"),
    Row("status_ok", "status result, ok: parse(3) -> 3", "f = m.parse", "f(3)",
        "f(3) == 3 and raises(lambda: f(-1), ValueError)"),
    Row("status_raise", "status result raising ValueError", "f = m.parse",
        "try:\n    f(-1)\nexcept ValueError:\n    pass", "raises(lambda: f(-1), ValueError)"),
    Row("hierarchy", "Base method on a class 3 levels deep", "o = m.Leaf()", "o.level()",
        "o.level() == 3 and isinstance(o, m.Middle) and isinstance(o, m.Base)"),
    Row("clone", "factory result, caller owns: c.clone()", "c = m.Counter(5)", "c.clone()",
        "c.clone().value() == 5 and c.clone() is not c"),
    Row("construct_buf", "construct + destroy Buffer(10)", "B = m.Buffer", "B(10)",
        "len(B(10)) == 10"),
)

ALL_ROWS = ROWS + MORE_ROWS
