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

from conftest import sanitizer_build_env, swiggen

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
                   "--build-dir", str(build_root / "torture" / "build"), "-O0", "-v", cwd=HERE,
                   env=sanitizer_build_env())
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
    assert len(HEADERS) >= 60, HEADERS


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
        # a rename, SWIG's, a wrapped class, a wrapped function taking an opaque pointer, one
        # wrapped without keyword arguments
        if code not in ("SG334", "SG341", "SG342", "SG312", "SG302"):
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


def test_callbacks_without_user_data_are_left_out(t: Any) -> None:
    timer = t.Timer()
    assert timer.fire() == 10 and timer.period == 10
    assert not hasattr(timer, "on_tick") and not hasattr(t, "set_handler")
    assert timer.on_visit is None and hasattr(timer, "every") and hasattr(t, "visit")


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
    # one overload set of Derived, keywords included (SWIG's own `using` had none: warning 511)
    assert (d.f(v=2), d.f(v=2.5)) == (2, 5)


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
    # `typedef struct tag {...} NAME;`: the class is NAME, in every signature
    c = t.T_CTX()
    assert (t.t_ctx_init(c), c.h, t.t_ctx_hash(c)) == (1, 1, 2)
    assert not hasattr(t, "t_ctx_st")
    k = t.T_KEY()
    k.bits = 128
    assert t.t_key_bits(k) == 128
    p = t.TNsPoint()
    p.x = 2.5
    assert t.t_pt_x(p) == 2.5


def test_hidden_tags(t: Any) -> None:
    # `struct t_stat` next to a function t_stat (C's stat): passed through as opaque pointers
    s = t.t_stat_make(5)
    assert t.t_stat_mode(s) == 5
    assert t.t_stat_fill(s) == 0o644 and t.t_stat_mode(s) == 0o644
    assert t.t_word_int(t.t_word_make(9)) == 9
    with pytest.raises(TypeError):
        t.t_stat_mode(t.t_word_make(1))


def test_outer_namespace_operators(t: Any) -> None:
    a, b = t.Vec(), t.Vec()
    a.v, b.v = 1, 2
    assert a == a and not (a == b) and a < b
    assert (a + 3).v == 4 and (3 + a).v == 31 and (-b).v == -2
    a += 5
    assert a.v == 6 and str(a) == "Vec(6)"
    x, y = t.Label(), t.Label()
    x.s = y.s = "same"
    assert x == y
    y.s = "other"
    assert not (x == y)
    n = t.Score()
    assert (4 >> n, 1 >> n, n.n) == (4, 5, 5)
    assert n == n and not (n == t.Score())


def test_incomplete_classes(t: Any) -> None:
    e = t.engine_make(7)  # an opaque handle
    assert t.engine_power(e) == 7 and t.Garage().power_of(e) == 14
    assert t.spare_wheel(16).size == 16  # only declared there, defined by another header
    for skipped in ("engine_own", "engine_share"):
        assert not hasattr(t, skipped)
    assert not hasattr(t.Garage, "spare") and not hasattr(t.Garage, "take")
    with pytest.raises(TypeError):
        t.engine_power(t.Garage())


def test_pasting_macros(t: Any) -> None:
    assert (t.paste_value(), t.t_name_of_value()) == (7, "paste_value")


def test_qualifiers_final_constexpr(t: Any) -> None:
    s = t.Sensor()
    assert (s.read(), s.peek(), t.Sensor.square(3)) == (4, 5, 9)
    assert (t.Sealed().get(), t.cube(2)) == (1, 8)


def test_explicit_specialization_is_used(t: Any) -> None:
    assert (t.DescribeInt.name(), t.DescribeText.name()) == ("int", "generic")
    assert t.DescribeInt().size() == 4


def test_nested_containers_convert_and_containers_of_pointers_are_left_out(t: Any) -> None:
    # (total is t_friends::total)
    assert t.grid(2) == [[1, 1], [1, 1]] and t.table() == {"a": [1, 2]}
    assert t.t_nested_total([[1, 2], [3]]) == 6
    for name in ("weights", "pointers"):
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


def test_enum_explicit_and_negative_values(t: Any) -> None:
    assert (t.degrees(t.Temp.Cold), t.Temp.Hot, t.TinyHigh) == (-40, 100, 255)
    assert t.warmer(t.Temp.Cold) is t.Temp.Freezing and t.warmer(t.Temp.Freezing) is t.Temp.Hot
    assert t.perm_mask(t.Perm.Read, t.Perm.Exec) == 5 and t.tiny_value(t.TinyLow) == 1


def test_typedef_results(t: Any) -> None:
    assert (t.span(2), t.ticks_of(3), t.twice_distance(1.25)) == (3.0, 3000, 2.5)
    assert isinstance(t.span(1), float) and isinstance(t.ticks_of(1), int)


def test_alias_of_an_instantiated_template(t: Any) -> None:
    c = t.IntCell()
    c.value = 4
    assert (c.doubled(), t.RealCell().doubled(), t.cell_total(c)) == (8, 0.0, 4)
    made = t.make_int_cell(5)
    assert isinstance(made, t.IntCell) and made.value == 5


def test_protected_members_are_not_wrapped(t: Any) -> None:
    g = t.Guarded()
    assert g.visible() == 6 and (t.Opened().peek(), t.Opened().visible()) == (50, 6)
    for name in ("secret_", "helper", "shared_helper"):
        assert not hasattr(g, name) and not hasattr(t.Opened, name), name


def test_abstract_interface_and_factory(t: Any) -> None:
    dog = t.make_animal("dog")
    assert (dog.sound(), dog.legs(), dog.describe()) == ("woof", 4, "woof/4")
    assert t.count_legs(t.make_animal("bird")) == 2 and t.make_animal("cat") is None
    with pytest.raises(TypeError):
        t.Animal()


def test_multiple_non_virtual_bases(t: Any) -> None:
    b = t.Both2()
    assert (b.combined(), b.name_id(), b.size_of(), b.shared_tag) == (33, 11, 22, 3)
    assert t.read_sized(b) == 25 and isinstance(b, t.Named) and isinstance(b, t.Sized)


def test_value_type_operators(t: Any) -> None:
    a, b = t.Vec2(1, 2), t.Vec2(3, 5)
    s = a + b
    assert (s.x, s.y, (b - a).x, (a * 2).y) == (4.0, 7.0, 2.0, 4.0)
    assert a == t.Vec2(1, 2) and a != b and a < b and not b < a
    assert (a[0], a[1], a << 3) == (1.0, 2.0, 8)


def test_mutable_members_change_through_const_methods(t: Any) -> None:
    m = t.Memo()
    assert (m.get(), m.get(), m.hits()) == (42, 42, 2)
    assert (m.look(), m.look(), m.lookups) == (1, 2, 2)
    assert not hasattr(m, "hits_")


def test_constexpr_arrays_are_tuples(t: Any) -> None:
    assert (t.Table.kSize, t.Table.weight(0), t.Table.weight(1)) == (2, 0.25, 0.75)
    assert t.Table.kPrimes == (2, 3, 5) and t.Table().kPrimes == (2, 3, 5)
    assert t.Table.kBytes == (1, 255) and t.Table.prime(2) == 5
    assert t.kWeights == (0.25, 0.75)
    assert not hasattr(t, "kGrid")  # two-dimensional: warned


def test_nested_namespaces(t: Any) -> None:
    assert (t.depth(t.Deep()), t.Deep().level, t.middle_depth()) == (300, 3, 2)


def test_long_long_and_fixed_width_extremes(t: Any) -> None:
    assert (t.ll_min(), t.ll_max(), t.ull_max()) == (-2**63, 2**63 - 1, 2**64 - 1)
    assert (t.ull_echo(2**64 - 1), t.ll_echo(-2**63)) == (2**64 - 1, -2**63)
    assert (t.i8_echo(-128), t.u16_echo(65535), t.short_echo(-32768)) == (-128, 65535, -32768)
    for f, v in ((t.ull_echo, 2**64), (t.ull_echo, -1), (t.ll_echo, 2**63), (t.i8_echo, 128),
                 (t.u16_echo, -1), (t.short_echo, 32768)):
        with pytest.raises(OverflowError):
            f(v)


def test_string_view_parameters(t: Any) -> None:
    assert (t.sv_length("abc"), t.sv_length(""), t.sv_upper_first("hey")) == (3, 0, "Hey")
    assert t.sv_starts("abc") and not t.sv_starts("abc", "b") and t.sv_starts("bc", "b")


def test_optional_results_and_parameters(t: Any) -> None:
    assert (t.parse_digit("7"), t.parse_digit("x")) == (7, None)
    assert (t.lookup_name(1), t.lookup_name(2)) == ("one", None)
    assert (t.or_default(None), t.or_default(3)) == (-1, 3)


def test_pair_results_and_parameters(t: Any) -> None:
    assert (t.divmod_pair(7, 2), t.labelled(2.0)) == ((3, 1), ("v", 2.0))
    assert t.pair_sum((3, 4)) == 7 and t.pair_sum([1, 2]) == 3


def test_map_parameters_and_results(t: Any) -> None:
    assert (t.map_total({"a": 1, "b": 2}), t.map_total({})) == (3, 0)
    assert t.map_lengths({"x": "abc", "y": ""}) == {"x": 3, "y": 0}
    with pytest.raises(TypeError):
        t.map_total({"a": "not an int"})


def test_vector_of_strings(t: Any) -> None:
    assert t.split_words("a bc d") == ["a", "bc", "d"]
    assert (t.join_words(["a", "b"]), t.join_words([])) == ("a+b", "")


def test_exceptions_derived_from_standard_ones(t: Any) -> None:
    with pytest.raises(ValueError, match="bad input"):
        t.checked_input(-1)
    with pytest.raises(IndexError, match="too far"):
        t.checked_index(5)
    with pytest.raises(RuntimeError, match="zero"):
        t.checked_runtime(0)
    assert (t.checked_input(2), t.checked_index(3), t.checked_runtime(4)) == (2, 3, 4)


def test_many_parameters(t: Any) -> None:
    assert (t.weigh(1, 1, 1, 1, 1, 1, 1, 1), t.weigh(0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) == (217, 0)
    assert t.mixed_many(True, "a", 2, 3, 0.5, 0.25, 4, 5) == 112.75
    with pytest.raises(TypeError):
        t.weigh(1, 2, 3)


def test_literal_default_arguments(t: Any) -> None:
    assert t.lits() == "31,5,15,1000,q,1.5,10,null,-0.25"
    assert t.lits(1, 2, 3, 4, "z", 2.5, 5, "p", 1.0) == "1,2,3,4,z,2.5,5,p,1.000"
    assert t.lits(sep=7).split(",")[3] == "7"
    assert (t.kMillion, t.kBits) == (1_000_000, 0b1010_0101)
    assert t.seps() == 0x7F + 105 + 0o17 + ord("x") and t.seps(0, 0.0, 0, "a") == 97
    import inspect
    params = inspect.signature(t.lits).parameters
    assert [params[n].default for n in ("hex", "bin", "oct", "sep", "ch", "big", "p")] == \
        [31, 5, 15, 1000, "q", 10, None]


def test_defaulted_special_members(t: Any) -> None:
    p = t.Plain()
    assert (p.a, p.b) == (1, 2.5)
    q = t.plain_copy(p)
    assert (q.a, p.a) == (2, 1)


def test_final_class_and_overrides(t: Any) -> None:
    d = t.Drill()
    assert (d.power(), d.weight(), t.tool_power(d), t.tool_power(t.Tool())) == (5, 20, 520, 110)
    assert isinstance(d, t.Tool)


def test_inline_variables(t: Any) -> None:
    assert (t.kGolden, t.kGreeting) == (1.618, "hello")
    before = t.g_ticks
    assert t.bump_ticks() == before + 1 and t.g_ticks == before + 1


def test_static_asserts_are_transparent(t: Any) -> None:
    assert (t.Checked().get(), t.checked_size()) == (8, 4)


def test_virtual_destructor_runs_for_derived(t: Any) -> None:
    base = t.resources_alive()
    f, r = t.File(), t.Resource()
    assert t.resources_alive() == base + 2
    assert (t.resource_kind(f), t.resource_kind(r), f.kind()) == (2, 1, 2)
    del f, r
    assert t.resources_alive() == base


def test_nested_class(t: Any) -> None:
    o = t.Outer()
    assert (o.inner.v, o.make_inner(6).twice()) == (4, 12)
    assert isinstance(o.inner, t.Outer.Inner) and not hasattr(t, "Inner")


def test_static_member_overloads(t: Any) -> None:
    assert (t.Maker.build(3), t.Maker.build(3, 4), t.Maker.build("x")) == (3, 12, "x!")
    assert t.Maker().inst(1) == 101


def test_namespace_alias(t: Any) -> None:
    assert (t.token_id(t.make_token2()), t.Token2().id) == (10, 9)


def test_const_parameters(t: Any) -> None:
    assert (t.cp_add(2, 3), t.cp_scale(2.0, 1.5), t.cp_volatile(4)) == (5, 3.0, 8)
    with pytest.raises(TypeError, match="must not be None"):  # (no nullptr default)
        t.cp_ptr(None)  # a pointer's own const changes nothing (tests/kinds/const_pointer_params.h)


def test_string_and_vector_fields(t: Any) -> None:
    r = t.Record()
    assert (r.title, r.scores, r.fixed, r.score_sum()) == ("untitled", [1, 2], "ro", 3)
    r.title, r.scores = "x", [5, 6, 7]
    assert (r.title, r.score_sum()) == ("x", 18)
    with pytest.raises(AttributeError):
        r.fixed = "y"


def test_float_types(t: Any) -> None:
    assert (t.f_half(3.0), t.ld_twice(1.25), t.d_inf()) == (1.5, 2.5, float("inf"))
    assert t.d_nan() != t.d_nan() and t.is_nan(float("nan")) and not t.is_nan(1.0)
    with pytest.raises(OverflowError):
        t.f_half(1e39)


def test_static_member_returning_a_reference(t: Any) -> None:
    s = t.Settings.defaults()
    s.verbosity = 3
    assert (t.current_verbosity(), t.Settings.defaults().verbosity) == (3, 3)
    s.tier.n = 4  # a view's field of class type: a view too, writing through
    s.either().bump()
    assert t.Settings.defaults().tier.n == 5
    assert t.Settings().verbosity == 1


def test_const_reference_results_are_read_only_views(t: Any) -> None:
    import copy
    f = t.Settings.frozen()  # a `static const` object: writing it would crash
    assert (f.verbosity, f.get(), f.tier.n, f.ctier().get(), f.either().get()) == (1, 1, 7, 7, 7)
    assert t.read_settings(f) == 1
    with pytest.raises(AttributeError, match="read-only view"):
        f.verbosity = 3
    with pytest.raises(AttributeError, match="read-only view"):
        f.tier.n = 3  # a view handed out by a read-only view is read-only
    with pytest.raises(AttributeError, match="read-only view"):
        f.either().n = 3  # the non-const twin stands for the const one here
    for call in (lambda: f.set(3), lambda: f.tier.bump(), lambda: f.ctier().bump(),
                 lambda: f.mtier()):
        with pytest.raises(TypeError, match="read-only view"):
            call()
    for write in (t.write_settings, t.write_settings_ptr):
        with pytest.raises(TypeError, match="must be writable"):
            write(f)
    c = copy.copy(f)  # a writable copy
    c.verbosity = 4
    c.either().n = 8
    t.write_settings(c)
    assert (c.verbosity, c.tier.n, f.verbosity, f.tier.n) == (99, 8, 1, 7)
    s = t.Settings()
    s.ctier()  # const views of a writable object: still read-only
    with pytest.raises(AttributeError):
        s.ctier().n = 1
    s.mtier().n = 2
    assert s.tier.n == 2


def test_copy_only_class_is_copied_where_swig_moves(t: Any) -> None:
    s = t.Stamp("a")
    assert t.copy_stamp(s).label() == "a" and t.stamp_label(s) == "a" and s.label() == "a"
    ledger = t.Ledger(t.Stamp("none"))
    assert ledger.current().label() == "none"
    ledger.put(s)
    assert ledger.current().label() == "a" and ledger.last.label() == "a"


def test_str_overloads_keep_the_std_string_one(t: Any) -> None:
    assert (t.which_str("x"), t.which_view("x"), t.which_pair("x", 1), t.which_pair(1, 1)) == \
        (2, 3, 5, 7)
    assert t.which_str(s="x") == 2  # one overload left: keyword arguments work
    # constructors too, and the shorter forms of their default arguments (no SWIG warning 509)
    made = (t.StrOpened("p"), t.StrOpened("p", 3), t.StrOpened("p", 4, "v"),
            t.StrOpened(path="p", flags=5))
    assert [(o.kind, o.flags) for o in made] == [(2, 1), (2, 3), (2, 4), (2, 5)]


def test_class_without_public_destructor_is_wrapped_and_warned(t: Any) -> None:
    before = t.live_counted()
    c = t.Counted(3)
    assert (c.value(), t.live_counted()) == (3, before + 1)
    c.release()  # the only way to destroy it; Python never does (SG342)
    assert t.live_counted() == before


def test_class_scoped_enum_default_arguments(t: Any) -> None:
    w = t.Widget()
    assert (w.draw(), w.draw(t.Widget.Flat)) == (48, -2)
    assert w.draw(t.Widget.Raised, t.Widget.Edge.Round) == 52
    assert (t.widget_draw(), t.widget_draw(t.Widget.Raised)) == (1, 6)


def test_sets(t: Any) -> None:
    assert t.unique_of(3, 1, 3) == {1, 3} and isinstance(t.unique_of(1, 2, 3), set)
    assert (t.set_size({"a", "b"}), t.set_size(set())) == (2, 0)


def test_shared_ptr_results_and_parameters(t: Any) -> None:
    p = t.make_shared_v(5)
    assert isinstance(p, t.Shared) and (p.v, t.shared_value(p)) == (5, 5)
    assert t.shared_uses(p) >= 1
    with pytest.raises(TypeError, match="'p'"):  # not nullable: None is no empty pointer
        t.shared_value(None)


def test_unique_ptr_parameter_takes_ownership(t: Any) -> None:
    parcel = t.make_parcel(4)
    assert parcel.weight == 4 and t.deliver(parcel) == 8
    with pytest.raises(ReferenceError):
        parcel.weight
    with pytest.raises(TypeError, match="'p'"):  # not nullable: None is no empty pointer
        t.deliver(None)


def test_ostream_operator_is_str(t: Any) -> None:
    p = t.Point3()
    assert str(p) == "(1,2,3)"
    p.z = 9
    assert str(p) == "(1,2,9)"


def test_python_keywords_are_renamed(t: Any) -> None:
    assert (t.lambda_(1), t.pass_(1)) == (2, 3)
    y = t.Yield()
    assert (y.from_, y.print()) == (4, 8)
    y.from_ = 5
    assert y.print() == 10


def test_defaults_naming_constants(t: Any) -> None:
    assert (t.limit(), t.limit(100), t.limit(5, 3)) == (30, 90, 3)
    assert (t.limit(cap=10), t.limit(v=50, cap=40)) == (10, 40)  # keywords work


def test_vector_of_wrapped_class(t: Any) -> None:
    items = t.make_items(3)
    assert [i.id for i in items] == [0, 10, 20] and isinstance(items[0], t.Item)
    assert (t.sum_ids(items), t.sum_ids([])) == (30, 0)


def test_const_reference_results(t: Any) -> None:
    n = t.Named2("nm")
    assert (n.name(), n.id()) == ("nm", 17)
    with pytest.raises(TypeError):
        t.Named2()


def test_out_parameters(t: Any) -> None:
    assert (t.divide(7, 2), t.divide(-7, 2)) == ((3, 1), (-3, -1))
    assert (t.halve(3), t.halve(4)) == ((False, 1.5), (True, 2.0))


def test_free_operator_on_an_enum(t: Any) -> None:
    assert [f.value for f in t.Flag] == [0, 1, 2] and t.flag_bits(t.Flag.A) == 1
    assert t.flag_bits(t.Flag.A | t.Flag.B) == 3


def test_unordered_maps(t: Any) -> None:
    assert t.umap_make() == {"pi": 3.5}
    assert (t.umap_size({1: 2, 3: 4}), t.umap_size({})) == (2, 0)


def test_string_view_results(t: Any) -> None:
    assert (t.sv_static_name(1), t.sv_static_name(0)) == ("one", "zero")


def test_string_keyed_subscript(t: Any) -> None:
    d = t.Dict2()
    assert d["a"] == 1 and d.size() == 1
    with pytest.raises(KeyError):
        d["zz"]
    assert d.size() == 1  # the lookup did not insert
    d["b"] = 5
    assert (d["b"], d.size(), "b" in d, "c" in d) == (5, 2, True, False)


def test_begin_end_iteration(t: Any) -> None:
    bag = t.Bag()
    assert list(bag) == [1, 2, 3]
    bag.items = [7]
    assert list(bag) == [7]


def test_scalar_reference_results(t: Any) -> None:
    assert t.Tally.counter() == 0 and isinstance(t.Tally.counter(), int)
    assert t.Tally().value_ref() == 5


def test_free_comparison_operators(t: Any) -> None:
    a, b = t.Coin(), t.Coin()
    b.cents = 2
    assert a == t.Coin() and not a == b and a < b and not b < a


def test_member_function_template(t: Any) -> None:
    c = t.Conv()
    assert (c.twice_int(3), c.twice_real(1.5)) == (6, 3.0)
    with pytest.raises(TypeError):
        c.twice_int(1.5)


def test_const_data_member(t: Any) -> None:
    f = t.Fixed(3)
    f.extra = 1
    assert (f.id, t.fixed_id(f)) == (3, 4)
    with pytest.raises(AttributeError):
        f.id = 4


def test_vector_of_bool(t: Any) -> None:
    assert t.parity(3) == [True, False, True] and t.parity(0) == []
    assert t.count_true([True, False, True]) == 2


def test_char32(t: Any) -> None:
    assert (t.u32_code(233), t.u32_code(0x1F600), t.u32_next(65)) == (233, 0x1F600, 66)
    with pytest.raises(OverflowError):
        t.u32_code(-1)


def test_internal_linkage_functions(t: Any) -> None:
    assert (t.uses_internal(), t.internal_fn(), t.internal_inline()) == (9, 4, 5)


def test_extern_variables_defined_in_the_source(t: Any) -> None:
    assert t.g_extern_rate == 0.5
    before = t.g_extern_count
    assert t.extern_bump() == before + 1 and t.g_extern_count == before + 1


def test_enum_aliases(t: Any) -> None:
    assert [d.name for d in t.Dup] == ["First", "Second"]
    assert t.Dup.Alias is t.Dup.First and t.dup_value(t.Dup.Alias) == 1


def test_optional_of_a_class_converts(t: Any) -> None:
    assert t.find_at(3).at == 3 and t.find_at(-1) is None and t.Found().at == 0


def test_pointer_and_reference_parameters(t: Any) -> None:
    n = t.Node2()
    assert (t.by_ptr(n), t.by_ref(n)) == (1, 11)
    with pytest.raises(TypeError):
        t.by_ptr(None)  # not `nullable`
    assert (t.overl(1), t.overl(2**40)) == (1, 2)


def test_brace_initialised_defaults(t: Any) -> None:
    assert (t.brace_join(), t.brace_join("a", [1, 2], 3)) == (":0:0", "a:2:3")


def test_using_namespace_std(t: Any) -> None:
    assert t.greet("x") == "hi x"


def test_char_array_parameter(t: Any) -> None:
    assert (t.carr_len("abc"), t.carr_len("")) == (3, 0)


def test_anonymous_namespaces_hide_only_themselves(t) -> None:
    assert t.anon_visible() == 2
    assert not hasattr(t, "anon_hidden") and not hasattr(t, "anon_top_hidden")


def test_foreign_classes_are_left_out_the_rest_works(t: Any) -> None:
    u = t.PieceUser()
    assert u.twice() == 2
    assert not any(hasattr(u, name) for name in ("take", "make", "borrow", "kept"))
    g = t.Hushed()
    assert g.value == 3 and not hasattr(g, "tag")
    assert not hasattr(u, "shade")  # an enum of the unwrapped header
    assert u.weigh(1.25) == 2.5  # its typedef of a number is passed on to SWIG
    # the (int, Shade, int = 0) constructor and its shorter form (int, Shade) are both left out
    assert t.Shaded().level == 7
    with pytest.raises(TypeError):
        t.Shaded(1, 0)


def test_what_the_header_hides_from_swig_is_not_in_the_module(t: Any) -> None:
    assert t.Shown().v == 5
    assert not hasattr(t.Shown(), "hidden_method")
    assert not hasattr(t, "NotForSwig")


def test_typedef_of_const_reference_subscript(t: Any) -> None:
    c = t.Chars()
    assert [c[0], c[1], c[2]] == ["a", "b", "c"] and len(c) == 3
    with pytest.raises(IndexError):
        c[3]
    with pytest.raises(TypeError):
        c[0] = "z"  # type: ignore[index]


def test_the_parse_sees_the_compiles_flags(t: Any) -> None:
    # toolchain_flags.h: it includes GCC's intrinsics headers (parsed with clang's own), and
    # what it declares under NDEBUG is what the compile (-DNDEBUG) declares
    assert t.always_there(1) == 2
    assert t.release_only() == 7
    assert not hasattr(t, "debug_only")


def test_function_type_typedefs(t: Any) -> None:
    # `typedef int NAME(params);` and `using NAME = int(params);`: a `NAME *` parameter is a C
    # callback like a function pointer typedef's (with user data: any callable)
    seen: list[int] = []
    assert t.each(3, lambda v: v * 10) == 30
    assert (t.each_paren(3, lambda v: v + 1), t.each_alias(2, lambda v: 5)) == (6, 10)
    assert (t.each_ptr(2, lambda v: v), t.each_dep(4, lambda v: 1)) == (1, 4)
    t.visit_item(lambda item: seen.append(item.v), 7)
    assert seen == [7]
    assert t.call_unary(t.twice_of, 4) == 8  # no user data: the module's function of the type
    with pytest.raises(TypeError):
        t.call_unary(lambda v: v, 1)
    assert t.OpHolder().apply(1) == -1 and not hasattr(t.OpHolder(), "op")


def test_templates_written_by_macros(t: Any) -> None:
    # parameter lists from the parse (SFINAE parameters named, a class template's defaults as
    # clang prints them), not the macros' tokens; SFINAE results stay one declaration
    p = t.Pt2i(3)
    assert (p.get(), p.x) == (3, 3)
    assert (t.TmEqImpl(1, 1), t.TmLessImpl(2, 1)) == (True, False)
    assert (t.tm_scaled(2), t.tm_scaled(2, 4)) == (6, 8)  # a macro's default argument
    n = t.Num(4)
    assert n == 4 and not n == 5
    assert (t.Cell2i().size(), t.Cell2id().size()) == (4, 4)  # defaults U = T, N = sizeof(T)
    assert isinstance(t.Cell2id().b, float) and isinstance(t.Cell2i().b, int)
    assert (t.ProbeInt().kind(), t.tm_twice_int(4)) == (1, 8)
    assert not hasattr(t, "count_of") and not hasattr(t, "nested_size")
    assert not hasattr(t, "tm_length") and not hasattr(t, "tm_wide")  # SFINAE: SG303
    # defaults naming the namespace's class and constant qualified; a private one C++'s
    assert (t.ReaderI().depth(), t.ReaderI(t.Arena()).depth()) == (6, 7)
    assert t.TmSameYes.size == 1 and not hasattr(t.TmSameYes, "value")  # `auto`: SG333
    sink = t.Sink()
    assert sink.n == 0 and not hasattr(sink, "__lshift__")  # operator templates: SG303


def test_redefined_macros(t: Any) -> None:
    # one constant per macro, the value at the end of the header (none if it ends undefined)
    assert (t.width8(), t.width16()) == (8, 16)
    assert (t.T_RM_LEVEL, t.T_RM_NAME) == (2, "second")
    for gone in ("T_RM_WIDTH", "T_RM_GONE", "T_RM_NOT_CONSTANT"):
        assert not hasattr(t, gone)


def test_user_defined_literals_are_left_out(t: Any) -> None:
    # each way lowering leaves a literal out (no protocol, a foreign result, a template) writes
    # nothing SWIG must parse; what is beside them is wrapped
    assert t.marked("ab").s == "ab"
    assert not [n for n in dir(t) if n.startswith("operator") or '""' in n]


def test_types_swig_cannot_read_are_left_out_with_their_typedefs(t: Any) -> None:
    # __int128, __float128, vector types and typedefs of them: warned, with what uses them
    for gone in ("add128", "low_bits", "from_wide", "make_wide", "counter128", "i128", "u128"):
        assert not hasattr(t, gone)
    m = t.Mixed128()
    assert (m.small, m.twice(), t.readable(1)) == (2, 4, 2)
    assert not hasattr(m, "big") and not hasattr(m, "lanes")
    assert (t.make_narrow().lo, t.make_narrow().hi) == (1, 2)
