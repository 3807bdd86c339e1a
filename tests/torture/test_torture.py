"""Unusual but legal C++, one small header per kind, all built as ONE module (one compile).

Each header either works (its behaviour is asserted below, after import) or yields its warning:
the line a warning must point at carries `// expect SGnnn`, and the build's warnings must be
exactly those. `swiggen inspect --report` must account for every declaration.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from conftest import swiggen

pytestmark = pytest.mark.compile

HERE = Path(__file__).resolve().parent
HEADERS = sorted(p.name for p in HERE.glob("*.h"))
EXPECT = re.compile(r"//\s*expect (SG\d{3})")
WARNING = re.compile(r"^(\S+?):(\d+): warning (SG\d{3}):", re.M)


def expected_warnings() -> set[tuple[str, int, str]]:
    out = set()
    for name in HEADERS:
        for number, line in enumerate((HERE / name).read_text().splitlines(), 1):
            for code in EXPECT.findall(line):
                out.add((name, number, code))
    return out


@pytest.fixture(scope="module")
def built(build_root: Path) -> tuple[ModuleType, str]:
    out = build_root / "torture" / "out"
    proc = swiggen("build", *HEADERS, "--sources", "torture.cpp", "-m", "torture", "-o", str(out),
                   "--build-dir", str(build_root / "torture" / "build"), "-O0", cwd=HERE)
    if proc.returncode != 0:
        pytest.fail(f"the torture module does not build:\n{proc.stdout}\n{proc.stderr}")
    sys.path.insert(0, str(out))
    try:
        return importlib.import_module("torture"), proc.stderr
    finally:
        sys.path.remove(str(out))


@pytest.fixture(scope="module")
def t(built: tuple[ModuleType, str]) -> Any:
    return built[0]


def test_enough_headers() -> None:
    assert len(HEADERS) >= 20, HEADERS


def test_warnings_are_exactly_the_expected_ones(built: tuple[ModuleType, str]) -> None:
    found = {(Path(f).name, int(line), code) for f, line, code in WARNING.findall(built[1])}
    assert found == expected_warnings(), built[1]
    assert "Error" not in built[1]  # SWIG's own errors


def test_report_accounts_for_every_declaration() -> None:
    proc = swiggen("inspect", *HEADERS, "--report", cwd=HERE)
    assert proc.returncode == 0, proc.stderr
    report = proc.stdout
    for name in HEADERS:
        assert re.search(rf"^{re.escape(name)}: \d+ wrapped", report, re.M), name
    for name, line, code in expected_warnings():
        if code != "SG334":  # a rename, not a skip
            assert f"{name}:{line}:" in report, (name, line)  # among the skipped, with why


def test_bitfields(t: Any) -> None:
    p = t.Packed()
    p.a, p.b, p.flag, p.mode, p.wide = 1, -8, True, t.Mode.Auto, 2**40 - 1
    assert (p.a, p.b, p.flag, p.mode, p.wide) == (1, -8, True, t.Mode.Auto, 2**40 - 1)
    for name, value in (("a", 2), ("b", 8), ("b", -9), ("wide", 2**40)):
        with pytest.raises(OverflowError):
            setattr(p, name, value)
    assert (p.a, p.b, p.wide) == (1, -8, 2**40 - 1)


def test_class_operator_new_is_used_not_wrapped(t: Any) -> None:
    assert t.Pooled().v == 1
    assert not [n for n in dir(t.Pooled) if "new" in n.lower() and n != "__new__"]


def test_friend_operators_are_protocols(t: Any) -> None:
    m = t.Money(5)
    assert m == t.Money(5) and not m == t.Money(6)
    assert (m + t.Money(2)).cents() == 7
    assert t.total(m) == 5
    assert not hasattr(t, "raw") and not hasattr(t, "swap")  # hidden friends: warned


def test_deleted_overloads(t: Any) -> None:
    assert t.twice(3) == 6
    with pytest.raises(TypeError):
        t.twice(2.5)
    assert t.Only().take(3) == 3


def test_templates_with_default_and_non_type_parameters(t: Any) -> None:
    b = t.Buf4()
    assert b.size() == 4 and b.items == [0.0] * 4
    b.set(1, 2.5)
    assert b.get(1) == 2.5 and b.items[1] == 2.5
    assert t.Buf2().size() == 2
    pair = t.Pair()
    assert (pair.first, pair.second) == (0, 0)
    assert t.triple(2) == 6


def test_constexpr_static_members(t: Any) -> None:
    assert (t.Limits.kMax, t.Limits.kRatio, t.Limits.kOn) == (10, 0.25, True)
    assert (t.Limits.kConst, t.Limits.kName, t.kAnswer) == (7, "limits", 42)
    assert t.Limits().value == 10


def test_deprecated_declarations_still_work(t: Any) -> None:
    assert (t.legacy(), t.modern(), t.Old().v) == (1, 2, 3)
    assert (t.New().old_field, t.New().keep()) == (4, 5)


def test_noexcept_expressions(t: Any) -> None:
    assert (t.cheap(), t.maybe(3), t.IntHolder().get()) == (1, 3, 0)
    with pytest.raises(ValueError, match="negative"):
        t.throws(-1)  # noexcept(false): exceptions still translate


def test_inline_namespaces(t: Any) -> None:
    assert t.version() == 2 and t.v1_version() == 1
    assert t.level(t.Config()) == 2  # `Config` named through the inline namespace


def test_extern_c_structs(t: Any) -> None:
    p = t.c_point()
    p.x, p.y = 1, 2
    assert t.c_point_sum(p) == 3
    r = t.c_rect()
    r.size = [2, 3.5]
    r.tag = "box"
    assert (r.size, r.tag, t.c_rect_area(r)) == ([2.0, 3.5], "box", 7.0)
    assert not hasattr(t, "c_value")  # a union: warned


def test_callbacks_are_left_out(t: Any) -> None:
    timer = t.Timer()
    assert timer.fire() == 10 and timer.period == 10
    assert not hasattr(timer, "on_tick") and not hasattr(timer, "every")
    assert not hasattr(t, "set_handler") and not hasattr(t, "visit")


def test_ref_qualifiers_and_trailing_return(t: Any) -> None:
    text = t.Text("abc")
    assert text.str() == "abc" and text.length() == 3


def test_odd_operators(t: Any) -> None:
    c = t.Counter(n=3)
    assert c(2) == 7 and c(2, 0) == 6  # operator() with a default
    assert c % 2 == 1 and (-c).n == -3
    assert bool(c) and not bool(t.Counter())  # from operator!
    for name in ("__iadd__", "increment"):
        assert not hasattr(c, name)


def test_singleton_and_abstract_factory(t: Any) -> None:
    r = t.Registry.instance()
    before = r.count()
    r.add()
    assert t.Registry.instance().count() == before + 1
    with pytest.raises(TypeError):
        t.Registry()
    assert t.Shape.unit().area() == 1.0


def test_odd_types(t: Any) -> None:
    m = t.Mixed()
    assert (m.vol, m.cache, m.wide, m.u16, m.aligned) == (1, 2, "w", ord("x"), 3.0)
    assert t.is_null(None) is True
    with pytest.raises(TypeError):
        t.is_null(0)
    assert t.sized() == 8 and not hasattr(t, "count")


def test_using_declarations(t: Any) -> None:
    d = t.Derived()
    assert (d.f(2), d.f(2.5), d.g()) == (2, 5, 1)


def test_array_fields(t: Any) -> None:
    g = t.Grid()
    assert (g.row, g.flags, g.name, g.count) == ([1.0, 2.0, 3.0], [0, 1], "grid", 2)
    g.row = (4, 5, 6)
    assert g.row == [4.0, 5.0, 6.0]
    with pytest.raises(ValueError):
        g.row = [1.0]
    with pytest.raises(TypeError):
        g.flags = ["a", "b"]
    assert g.row == [4.0, 5.0, 6.0]
    assert not hasattr(g, "cells") and not hasattr(g, "corners")
    assert t.sum3([1, 2, 3.5]) == 6.5


def test_move_only_class(t: Any) -> None:
    tok = t.make_token("abc")
    assert (tok.text(), t.read(tok), t.Token("x").text()) == ("abc", "abc", "x")


def test_conversions(t: Any) -> None:
    g = t.Gauge()
    assert (bool(g), int(g), str(g), float(g)) == (True, 9, "high", 4.5)
    g.raw = 0
    assert (bool(g), int(g), str(g)) == (False, 1, "low")  # int() through Level::Low
    s = t.Scale()
    assert (float(s), int(s)) == (0.5, 12)


def test_virtual_diamond(t: Any) -> None:
    b = t.Both()
    assert (b.who(), b.left(), b.right(), b.id, t.ask(b)) == (3, 10, 20, 1, 3)
    assert isinstance(b, t.Left) and isinstance(b, t.Root)


def test_static_members(t: Any) -> None:
    before = t.Counters.created
    assert t.Counters.make() == before + 1 and t.Counters.created == before + 1
    assert (t.Counters.kind, t.Counters.inline_count) == ("registry", 4)


def test_odd_enums(t: Any) -> None:
    assert t.value(t.Sign.Minus) == -1 and t.flip(t.Sign.Plus) is t.Sign.Minus
    assert t.next(t.Light.Red) is t.Light.Green and t.Light.Amber == 10
    assert t.Color.Red == 0


def test_constructors(t: Any) -> None:
    assert (t.Explicit(3).v, t.Defaulted(1).sum, t.Defaulted().sum) == (3, 3, 0)
    assert t.Hidden.make().v == 7
    with pytest.raises(TypeError):
        t.Explicit()
    with pytest.raises(TypeError):
        t.Hidden()


def test_overload_sets(t: Any) -> None:
    assert (t.kind(1), t.kind(1.5), t.kind("s"), t.kind(True)) == (1, 2, 3, 4)
    assert (t.text("a"), t.text("a", 2)) == (5, 8)


def test_odd_default_arguments(t: Any) -> None:
    assert t.join() == "-1|1000|a,b|t"
    assert t.join(2, 5.0, "x", False) == "2|5|x|f"
    assert (t.measure(), t.measure(t.Unit.Meter, 1)) == (106, 1)


def test_c_typedef_structs(t: Any) -> None:
    s = t.t_size()
    s.w, s.h = 2, 3
    tag = t.t_tag()
    tag.a = 4
    assert (t.t_size_area(s), t.t_tag_value(tag)) == (6, 4)


def test_qualifiers_final_constexpr(t: Any) -> None:
    s = t.Sensor()
    assert (s.read(), s.peek(), t.Sensor.square(3)) == (4, 5, 9)
    assert (t.Sealed().get(), t.cube(2)) == (1, 8)


def test_explicit_specialization_is_used(t: Any) -> None:
    assert (t.DescribeInt.name(), t.DescribeText.name()) == ("int", "generic")
    assert t.DescribeInt().size() == 4


def test_nested_containers_are_left_out(t: Any) -> None:
    for name in ("grid", "table", "t_nested_total"):  # (total is t_friends::total)
        assert not hasattr(t, name), name


def test_attributes_are_transparent(t: Any) -> None:
    assert (t.Aligned().a, t.fast(1), t.old_style(1), t.both()) == (1, 2, 0, 3)


def test_union_member_is_left_out(t: Any) -> None:
    tagged = t.Tagged()
    assert tagged.tag == 0 and not hasattr(tagged, "value")


def test_forward_declarations(t: Any) -> None:
    assert t.first() is t.Phase.Start and t.use(t.Handle()) == 3


def test_char_types(t: Any) -> None:
    assert (t.upper("a"), t.code(200), t.neg(5)) == ("A", 200, -5)
    assert (t.maybe_text(True), t.maybe_text(False)) == ("yes", None)
    with pytest.raises(OverflowError):
        t.code(256)
