"""Shapes reduced from the library sweep's failures (tools/sweep, docs/coverage.md), one header of
tests/kinds/ per kind, built together with --strict: none may need leaving out."""

from __future__ import annotations

import gc
import importlib
import shutil
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from conftest import REPO, sanitizer_build_env, swiggen

pytestmark = pytest.mark.compile

KINDS = REPO / "tests" / "kinds"


@pytest.fixture(scope="module")
def kinds(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    work = tmp_path_factory.mktemp("kinds")
    headers = sorted(p.name for p in KINDS.glob("*.h"))
    for name in headers:
        shutil.copy(KINDS / name, work)
    proc = swiggen("build", *headers, "-m", "kinds", "-o", "out", "--strict", cwd=work,
                   env=sanitizer_build_env())
    assert proc.returncode == 0, proc.stderr[-4000:]
    sys.path.insert(0, str(work / "out"))
    try:
        return importlib.import_module("kinds")
    finally:
        sys.path.pop(0)


@pytest.mark.parametrize("cls", ["MutBag", "ConstBag"])
def test_protocols_of_const_and_mutable_members(kinds: ModuleType, cls: str) -> None:
    bag = getattr(kinds, cls)()
    assert len(bag) == 0 and not bag and 3 not in bag
    bag.add(3)
    bag.add(5)
    assert len(bag) == 2 and bag and 3 in bag and 5 in bag and 4 not in bag


def test_names_python_defines_as_macros(kinds: ModuleType) -> None:
    t = kinds.Token()
    assert t.kind == kinds.Token.T_STRING == 1
    assert kinds.token_code(kinds.Token.T_CHAR) == 10
    assert kinds.Token.READONLY == 5


def test_out_parameters_of_multiword_types(kinds: ModuleType) -> None:
    assert kinds.get_byte() == 200
    assert kinds.get_ld() == 2.5
    assert kinds.get_ull() == 1 << 40
    assert kinds.get_sc() == -5
    assert kinds.bump(41) == 42
    assert kinds.sum(2, 3) == 5


def test_an_enum_without_enumerators(kinds: ModuleType) -> None:
    assert issubclass(kinds.char8_type, int) and list(kinds.char8_type) == []


def test_structs_whose_tag_a_function_or_variable_hides(kinds: ModuleType) -> None:
    st = kinds.hz_stat_t()
    assert kinds.hz_stat(12, st) == 0 and st.size == 12 and st.name == "hz"
    assert kinds.hz_stat_size(st) == 12
    st.size = 4
    assert kinds.hz_stat_size(st) == 4
    info = kinds.hy_info()
    assert kinds.get_hy_info(info) == 1 and info.level == 7
    assert kinds.hy_make(9).level == 9
    c = kinds.counter()
    c.n = 1
    assert kinds.counter_bump(c) == 2 and c.n == 2
    assert kinds.counter_start == 3
    with pytest.raises(TypeError):
        kinds.hz_stat_size(info)
    assert kinds.HE_LINK == 1 and kinds.HE_KIND.HE_LINK == 1
    link = kinds.HE_LINK_DETAIL(target=5)
    assert kinds.he_target(link) == 5 and type(link).__name__ == "HE_LINK_DETAIL"


def test_defaults_written_as_braced_initialisers(kinds: ModuleType) -> None:
    assert kinds.label() == "[]" and kinds.label("a") == "[a]" and kinds.label(name="b") == "[b]"
    assert kinds.greet() == "hi world" and kinds.greet(who="you") == "hi you"
    assert kinds.total(10) == 13
    assert kinds.count() == 3 and kinds.count([1]) == 1
    assert kinds.none() == 0
    assert kinds.brace_text() == "{x}"
    q = kinds.Query("select 1")
    assert q.describe() == "q:select 1/" and q.describe(prefix=">") == ">select 1/"
    assert kinds.Query("s", desc="d").describe() == "q:s/d"


def test_function_pointer_typedef_with_an_attribute(kinds: ModuleType) -> None:
    assert not kinds.has_fail()
    kinds.install_fail(kinds.flush_all)
    assert kinds.has_fail()
    kinds.reset_fail()
    assert not kinds.has_fail()
    with pytest.raises(TypeError, match="only this module's functions"):
        kinds.install_fail(lambda: None)


def test_typedefs_of_templates_with_enum_arguments(kinds: ModuleType) -> None:
    v = kinds.make2(1.5, 2.0)
    assert isinstance(v, kinds.vec2) and kinds.sum2(v) == 3.5
    assert v.precision() == 0
    low = kinds.make_lowp()
    assert isinstance(low, kinds.lowp_ivec3) and kinds.precision_of(low) == 1
    with pytest.raises(TypeError):
        kinds.sum2(low)


def test_a_namespace_with_variable_templates(kinds: ModuleType) -> None:
    assert kinds.classify(1.0) is kinds.fp_class.ok
    assert kinds.classify(float("nan")) is kinds.fp_class.nan
    assert kinds.classify(float("-inf")) is kinds.fp_class.neg_inf
    assert kinds.int_is_one_of_int_float() is True


def test_character_buffers_named_like_outs_are_buffers(kinds: ModuleType) -> None:
    assert kinds.count_out() == (1, 3)  # a number named out: an out-parameter
    dest = "xxxxxxxx"
    assert kinds.wide_copy("abc", dest) == 3  # the callee writes into a private copy
    text = "yy"
    assert kinds.narrow_result(text) == 1
    assert (dest, text) == ("xxxxxxxx", "yy")


def test_a_count_and_an_array_of_strings_take_a_list(kinds: ModuleType) -> None:
    assert kinds.joined(["prog", "--flag", "é"]) == "prog,--flag,é"
    assert kinds.joined(["prog"]) == "prog"
    assert kinds.joined(argv=("p", "q")) == "p,q"  # by the name the stub gives, not argc=
    with pytest.raises(TypeError, match="argc"):
        kinds.joined(argc=["p"])
    # a text, its length and a cursor out: no argv (cJSON_ParseWithLengthOpts left out: SG420)
    assert kinds.parse_prefix("12ab", 4, False) == (2, "ab")
    assert kinds.parse_prefix("12ab", 2, True) == (2, "ab")
    words = ["ab", "Cd"]
    assert kinds.shout(words) == 3 and words == ["ab", "Cd"]  # the callee changed copies
    assert kinds.first_length(["four"], 9) == 4 and kinds.first_length([], 9) == 9
    with pytest.raises(TypeError, match="list of str"):
        kinds.joined("prog")
    with pytest.raises(TypeError, match="list of str"):
        kinds.joined([b"prog"])
    with pytest.raises(ValueError, match="null"):
        kinds.joined(["a\0b"])
    with pytest.raises(OverflowError):
        kinds.first_length([""] * 40000, 0)  # more items than a short counts


def test_parameters_declared_as_arrays_are_pointers(kinds: ModuleType) -> None:
    assert kinds.mean_of(np.array([1.0, 2.0, 6.0])) == 3.0 and kinds.mean_of([]) == 0.0
    values = np.array([1.0, 2.5], dtype=np.float32)
    kinds.scale_all(values, 2.0)
    assert values.tolist() == [2.0, 5.0]  # written in place
    with pytest.raises(TypeError):
        kinds.scale_all(np.array([1.0]), 2.0)  # float64 is not the float32 it writes
    assert kinds.first_sample(np.array([2.5, 1.0])) == 2.5  # through a typedef
    assert kinds.text_length("abcé") == 5  # UTF-8 bytes
    with pytest.raises(TypeError):
        kinds.text_length(3)


def test_a_class_pointer_and_its_count_take_a_list(kinds: ModuleType) -> None:
    a, b = kinds.Vec(1.0, 2.0), kinds.Vec(3.0, 4.0)
    assert kinds.sum_x([a, b]) == 4.0 and kinds.sum_x((b,)) == 3.0 and kinds.sum_x([]) == 0.0
    assert kinds.sum_x([a, a, a]) == 3.0
    kinds.shift_all([a, b], 0.5)  # through a T *: written back into each object
    assert (a.x, b.x, a.y) == (1.5, 3.5, 2.0)
    kinds.shift_all([a, a], 1.0)  # the same object twice: both copies were shifted once
    assert a.x == 2.5
    kinds.shift_all(points=[a], by=-1.0)  # by keyword, under the pointer's name
    assert a.x == 1.5
    assert kinds.glyph_total([a, b, a]) == 3
    poly = kinds.Polygon([a, b])
    assert poly.size() == 2 and poly.first_y() == 2.0
    poly.set([b])
    assert poly.size() == 1 and poly.first_y() == 4.0
    assert kinds.sum_y([a, b]) == 6.0 and kinds.sum_y(points=[b]) == 4.0  # the count first
    kinds.flip_all([a, b])  # `Vec vecs[]`, the count first
    assert (a.y, b.y) == (-2.0, -4.0)
    kinds.flip_all(vecs=(a,))
    assert a.y == 2.0
    assert kinds.count_or_none() == -1 and kinds.count_or_none(None) == -1  # takes None
    assert kinds.count_or_none([a, b]) == 2 and kinds.count_or_none(points=[]) == 0
    assert kinds.nullable_first(None) == -1 and kinds.nullable_first(vecs=[a]) == 1
    # the same pattern as count_or_none's, which takes None: not here
    with pytest.raises(TypeError, match="must be a list of Vec, not NoneType"):
        kinds.sum_x(None)
    with pytest.raises(TypeError, match="must be a list of Vec, not NoneType"):
        poly.set(None)
    st = kinds.Vec()
    assert kinds.append(b"abc", st) == 0 and st.x == 3.0  # bytes and their length, one Vec
    items, made = [kinds.Vec(1, 1)], []

    def drop_and_make() -> None:
        items.clear()  # the list held the only reference
        made.extend(kinds.Vec(0, 0) for _ in range(20))

    kinds.each_then_write(items, drop_and_make)
    assert [v.x for v in made] == [0.0] * 20  # no new object got the old one's element
    held = kinds.Vec(1, 1)
    kinds.each_then_write([held], lambda: None)
    assert held.x == 7.0
    assert (kinds.pick([a, b]), kinds.pick(()), kinds.pick(b), kinds.pick(3)) == (102, 100, 1, 5)
    assert kinds.run_jobs(b, 4) == 4 and kinds.with_retries(b, 2) == 2  # other counts
    assert kinds.run_named(3, [a, b]) == 32  # njobs is the list's; num_threads stays
    assert kinds.scaled(b, 3) == 10.5  # one object and a number: not a list
    for bad in (a, [a, 1], [None], "ab", 7):
        with pytest.raises(TypeError, match=r"sum_x\(\) argument 'points' must be a list of Vec"):
            kinds.sum_x(bad)
    with pytest.raises(OverflowError, match="more than its count"):
        kinds.tiny([a] * 256)
    assert kinds.tiny([a] * 255) == 255
    t = kinds.Tagged(5)
    t.label = "mine"
    assert kinds.tag_sum([t, kinds.Tagged(2)]) == 7 and t.label == "mine"


def test_mains_argc_argv_hold_at_least_the_program_name(kinds: ModuleType) -> None:
    # parsers of main's (argc, argv) start at argv[1]: an empty list would be read past its end
    empty: list[str] = []
    for call in (lambda a: kinds.joined(a), lambda a: kinds.flags_after_program(a),
                 lambda a: kinds.Options(a), lambda a: kinds.Options().parse(a)):
        for none in (empty, ()):
            with pytest.raises(ValueError, match=r"\(\) argument 'argv' is empty.*program's name"):
                call(none)
    with pytest.raises(ValueError, match=r"^Options\.parse\(\) argument 'argv' is empty"):
        kinds.Options().parse([])  # named as Python spells it
    assert kinds.flags_after_program(["prog"]) == 0
    assert kinds.flags_after_program(["prog", "-v", "x", "--all"]) == 2
    assert kinds.Options(["tool", "-x"]).program() == "tool"
    assert kinds.Options(argv=["kw"]).program() == "kw"  # constructors and methods by keyword
    assert kinds.Options().parse(argv=["t", "a"]) == 1
    assert kinds.Options().parse(["tool"]) == 0 and kinds.Options().parse(["t", "a", "b"]) == 2
    # other names: an empty list is an empty array
    assert kinds.total_length([]) == 0 and kinds.total_length(("ab", "c")) == 3
    assert kinds.first_length([], 9) == 9


def test_a_c_free_function_takes_only_what_the_library_made(kinds: ModuleType) -> None:
    made = kinds.cf_list_make(4)
    assert kinds.cf_list_count(made) == 4
    kinds.cf_FreeList(made)
    with pytest.raises(ReferenceError):
        kinds.cf_list_count(made)
    mine = kinds.cf_list()
    with pytest.raises(TypeError, match="only an object the library made"):
        kinds.cf_FreeList(mine)
    mine.count = 2
    assert kinds.cf_list_count(mine) == 2  # still Python's, untouched
    for text in ("abc", "x" * 1000, ""):
        with pytest.raises(TypeError, match="frees its argument 'f'"):
            kinds.cf_free_filename(text)
    assert kinds.cf_free_slots("pool", 3) == 3  # text and more: not the text it frees


def test_const_pointer_results_are_read_only_views(kinds: ModuleType) -> None:
    import copy
    f = kinds.cp_features()
    assert (f.kind, f.name, f.value) == (1, "one", 10) and kinds.cp_value(f) == 10
    with pytest.raises(AttributeError):
        f.value = 11
    with pytest.raises(TypeError, match="read-only view"):
        kinds.cp_bump(f)
    mine = copy.copy(f)
    mine.value = 12
    kinds.cp_bump(mine)
    assert mine.value == 13 and kinds.cp_features().value == 10
    fresh = kinds.cp_fresh(5)
    fresh.value = 6  # the caller's own object
    assert kinds.cp_value(fresh) == 6


def test_a_text_length_may_not_pass_the_text(kinds: ModuleType) -> None:
    assert kinds.sum_bytes("ab", 2) == 195 and kinds.sum_bytes("ab", 1) == 97
    assert kinds.sum_bytes("é", 2) == 0xC3 + 0xA9  # UTF-8 bytes
    with pytest.raises(ValueError, match="more than the 2 bytes"):
        kinds.sum_bytes("ab", 3)
    with pytest.raises(ValueError):
        kinds.sum_bytes("ab", 2**31)
    with pytest.raises(TypeError):
        kinds.sum_bytes(None, 0)
    assert kinds.count_to("abc", -1) == 3 and kinds.count_to("abc", 2) == 2
    assert kinds.parse_len("<a/>") == 4 and kinds.parse_len("<a/>", 2) == 2
    assert kinds.parse_len("<a/>", 2**64 - 1) == 4  # its own default: "up to the NUL"
    with pytest.raises(ValueError):
        kinds.count_to("abc", 4)
    # the type's largest value is a length like any other where no default says otherwise
    # (curl_escape(s, 2**31 - 1) read past a short str)
    with pytest.raises(ValueError, match="more than the 3 bytes"):
        kinds.count_to("abc", 2**31 - 1)
    with pytest.raises(ValueError, match="more than the 2 bytes"):
        kinds.sum_bytes("ab", 2**64 - 1)
    assert kinds.open_named("/etc/hostname", 10240) == 10240  # a block's size, not the name's


def test_a_buffer_length_may_not_pass_the_buffer(kinds: ModuleType) -> None:
    buf = bytearray(4)
    assert kinds.fill_with(buf, 4, "x") == 4 and buf == b"xxxx"
    assert kinds.fill_with(buf, 0, "y") == 0 and buf == b"xxxx"
    with pytest.raises(ValueError, match="more than the 4 bytes"):
        kinds.fill_with(buf, 5, "x")
    assert kinds.fill_with("abc", 4, "q") == 4  # a str's private copy: its text and NUL
    for n in (5, 2**32, 2**63):
        with pytest.raises((ValueError, OverflowError)):
            kinds.fill_with("abc", n, "q")
    assert kinds.fill_n(buf, 2) == 2 and buf == b"nnxx"
    with pytest.raises(ValueError, match="negative"):
        kinds.fill_n(buf, -1)
    with pytest.raises(TypeError):
        kinds.fill_with(None, 0, "x")


def test_lengths_apart_from_their_text_and_buffer(kinds: ModuleType) -> None:
    dst = bytearray(4)
    assert kinds.copy_some("abcdef", dst, 3, 4) == 3 and dst == b"abc\x00"
    with pytest.raises(ValueError, match="more than the 4 bytes"):
        kinds.copy_some("abcdef", dst, 6, 5)  # dstCapacity past the bytearray
    with pytest.raises(ValueError, match="from 0 to its 2"):
        kinds.copy_some("ab", dst, 3, 4)  # srcSize past the str
    for n in (-1, 2**31 - 1):  # no "up to the NUL" for a length apart from its text
        with pytest.raises(ValueError, match="from 0 to its 2"):
            kinds.copy_some("ab", dst, n, 4)
    with pytest.raises(ValueError, match="negative"):
        kinds.copy_some("ab", dst, 2, -1)
    with pytest.raises(TypeError):
        kinds.copy_some(None, dst, 0, 0)
    with pytest.raises(TypeError):
        kinds.copy_some("ab", None, 0, 0)


def test_enumerators_of_two_namespaces_with_one_name(tmp_path: Path) -> None:
    """tests/clashes/enum_namespaces.h: the second namespace's members are prefixed (SG334)."""
    shutil.copy(REPO / "tests" / "clashes" / "enum_namespaces.h", tmp_path)
    proc = swiggen("build", "enum_namespaces.h", "-m", "en", "-o", "out", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stderr.count("SG334") == 3, proc.stderr
    sys.path.insert(0, str(tmp_path / "out"))
    try:
        en = importlib.import_module("en")
    finally:
        sys.path.pop(0)
    assert en.code(en.RV_QUADRATIC) == 11 and en.code(en.Variant.RV_RSTAR) == 12
    assert en.mv_code(en.mvrtree_RV_QUADRATIC) == 21 and en.mv_code(en.MVVariant.RV_RSTAR) == 22
    assert en.mvrtree_RV_LINEAR is en.MVVariant.RV_LINEAR and en.RV_LINEAR is en.Variant.RV_LINEAR


def test_a_base_whose_default_constructor_is_never_defined(kinds: ModuleType) -> None:
    with pytest.raises(TypeError):
        kinds.Text()
    assert kinds.text_of("wxyz").head() == "w"


@pytest.mark.parametrize("close", ["Close", "Finish"])
def test_dependants_die_before_their_database_closes(kinds: ModuleType, close: str) -> None:
    db = kinds.Db()
    cursor, statement = db.NewCursor(), kinds.Statement(db)
    assert cursor.next() == 1 and db.users == 2
    getattr(db, close)()  # aborted with live users: they are destroyed first (Finish: `closes`)
    assert db.closed and db.users == 0
    with pytest.raises(ReferenceError):
        cursor.next()
    with pytest.raises(ReferenceError):
        statement.done()


def test_an_error_survives_its_arguments_dependants(kinds: ModuleType) -> None:
    """The arguments of a call that raised are dropped while the error propagates: a database
    destroyed then closes its cursors first, and the error is still the call's."""
    with pytest.raises(TypeError, match="must be"):
        kinds.token_code(kinds.Db().NewCursor())
    with pytest.raises(TypeError, match="must be"):
        kinds.Statement(kinds.Db().NewCursor())


def test_dependants_die_before_their_database_at_exit(tmp_path: Path, kinds: ModuleType) -> None:
    import subprocess
    script = ("import kinds\n"
              "db = kinds.Db()\n"
              "cursors = [db.NewCursor() for _ in range(3)]\n"
              "statement = kinds.Statement(db)\n"
              "keep = [db, statement]\n"
              "keep.append(keep)  # a cycle the collector clears in its own order\n"
              "del db\n")
    folder = Path(kinds.__file__).parent
    proc = subprocess.run([sys.executable, "-c", script], cwd=folder, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]


def test_pointer_parameters_declared_const_refuse_none(kinds: ModuleType) -> None:
    item = kinds.cq_item(x=4)
    assert kinds.cq_read(item) == 4
    kinds.cq_write(item, 6)
    assert item.x == 6 and kinds.cq_length("abc") == 3
    assert kinds.cq_optional() == -1 and kinds.cq_optional(item) == 6
    holder = kinds.Holder(item)
    assert holder.take(item) == 12
    assert kinds.cq_read_ref(item) == 6
    for call in (lambda: kinds.cq_read(None), lambda: kinds.cq_write(None, 1),
                 lambda: kinds.cq_read_ref(None),
                 lambda: kinds.cq_length(None), lambda: kinds.Holder(None),
                 lambda: holder.take(None)):
        with pytest.raises(TypeError, match="must not be None"):
            call()


def test_a_pointer_range_is_one_list(kinds: ModuleType) -> None:
    marks = [kinds.Mark(1), kinds.Mark(2), kinds.Mark(4)]
    s = kinds.MarkSet(marks, kinds.MarkSet.sorted)
    assert s.sum() == 7 and s.count() == 3 and s.order() == kinds.MarkSet.sorted
    assert kinds.MarkSet([]).count() == 0 and kinds.MarkSet(()).sum() == 0
    assert kinds.mark_span(marks) == 3 and kinds.mark_span([]) == 0
    del marks
    assert s.sum() == 7  # (copied: the set keeps no pointer into the list)
    for bad in (None, kinds.Mark(1), [1], [kinds.Mark(1), None]):
        with pytest.raises(TypeError):
            kinds.MarkSet(bad)


def test_a_str_goes_to_the_narrow_overload_first(kinds: ModuleType) -> None:
    assert kinds.which("abc") == 1 and kinds.which_s("abc") == 1
    assert kinds.wide_length("a\U0001F600") == 2  # (wchar_t is UTF-32 here)
    assert kinds.wide_echo("a\U0001F600\U0001D11E\u00e9") == "a\U0001F600\U0001D11E\u00e9"
    assert kinds.wide_name("\U0001D11E") == "\U0001D11E!"
    text = "a\U0001F600\U0001D11E\u00e9"
    assert kinds.utf16_echo(text) == text + "!" and kinds.utf32_echo(text) == text + "!"
    assert kinds.utf16_units("\U0001F600") == 2 and kinds.utf16_echo("") == "!"
    with pytest.raises(TypeError):
        kinds.utf16_echo(None)
    with pytest.raises(ValueError):  # (a lone surrogate: UnicodeEncodeError)
        kinds.utf16_echo("\udc80")


def test_subscript_bounded_by_the_elements_a_class_is_made_of(kinds: ModuleType) -> None:
    v = kinds.V3d(1.0, 2.0, 3.0)
    assert (v[0], v[2]) == (1.0, 3.0) and list(v) == [1.0, 2.0, 3.0]
    v[1] = 5.0
    assert v.y == 5.0
    for bad in (3, 1000, -1):
        with pytest.raises(IndexError):
            v[bad]
    with pytest.raises(IndexError):
        v[3] = 1.0
    assert list(kinds.V3f(1, 2, 3)) == [1.0, 2.0, 3.0]
    c = kinds.Rgba(0.5, 0.25, 1.0, 0.0)  # a private float[4]
    assert list(c) == [0.5, 0.25, 1.0, 0.0] and c[3] == 0.0
    with pytest.raises(IndexError):
        c[4]
    r = kinds.Ragged()
    assert r[0] == 1
    with pytest.raises(TypeError, match="not iterable"):
        iter(r)


def test_binary_buffers_take_bytes_like_objects(kinds: ModuleType) -> None:
    dst = bytearray(4)
    assert kinds.squeeze(dst, b"abcdefg") == 4 and bytes(dst) == b"aceg"
    assert kinds.squeeze(bytearray(2), b"abcdefg") == 2**64 - 1  # too small: C's error code
    view = memoryview(bytearray(b"xxxxxx"))[1:4]
    assert kinds.squeeze(view, bytearray(b"ABCDE")) == 3 and bytes(view.obj) == b"xACExx"
    with pytest.raises(TypeError, match="writable bytes-like"):
        kinds.squeeze(b"read only", b"ab")
    with pytest.raises(TypeError, match="writable bytes-like"):
        kinds.squeeze("text", b"ab")
    with pytest.raises(TypeError):
        kinds.squeeze(None, b"ab")
    assert kinds.checksum(b"\x01\x02\xff") == 258 and kinds.checksum(memoryview(b"")) == 0
    with pytest.raises(TypeError, match="bytes-like"):
        kinds.checksum("text")
    out = bytearray(3)
    kinds.fill_pattern(out, 250)
    assert list(out) == [250, 251, 252]
    assert kinds.count_zeros(bytes(5)) == 5
    assert kinds.optional_size() == 0


def test_binary_buffers_numpy(kinds: ModuleType) -> None:
    np = pytest.importorskip("numpy")
    a = np.zeros(3, dtype=np.uint8)
    kinds.fill_pattern(a, 1)
    assert a.tolist() == [1, 2, 3]
    assert kinds.checksum(np.arange(4, dtype=np.uint8)) == 6


def test_integer_division_by_zero_in_an_operator_raises(kinds: ModuleType) -> None:
    c = kinds.Cell()
    assert (c / 2).n == 3 and (c % 4).n == 3
    for bad in (lambda: c / 0, lambda: c % 0):
        with pytest.raises(ZeroDivisionError):
            bad()
    with pytest.raises(ZeroDivisionError):
        c /= 0
    assert c.n == 7
    c /= 7
    assert c.n == 1


def test_a_divisor_of_n_integers_with_a_zero_element_raises(kinds: ModuleType) -> None:
    v = kinds.V3i(6, 8, 9)
    q = v / kinds.V3i(2, 4, 3)
    assert list(q) == [3, 2, 3]
    for zero in (kinds.V3i(0, 1, 1), kinds.V3i(1, 1, 0)):  # (Imath's V3i / V3i: SIGFPE)
        with pytest.raises(ZeroDivisionError):
            v / zero
        with pytest.raises(ZeroDivisionError):
            v /= zero
        assert list(v) == [6, 8, 9]  # unchanged
    p, q = kinds.Pair2(), kinds.Pair2()
    p.a, p.b, q.a, q.b = 8, 6, 2, 3
    assert ((p / q).a, (p / q).b) == (4, 2)
    q.b = 0
    with pytest.raises(ZeroDivisionError):  # read through operator[]'s proxy
        p / q
    # % is not a division here (Imath's cross product): zero elements are fine
    assert list(kinds.V3i(1, 0, 0) % kinds.V3i(0, 1, 0)) == [0, 0, 1]
    # floating elements divide by zero as IEEE says
    assert list(kinds.V3d(1.0, 1.0, 1.0) / kinds.V3d(1.0, 0.0, 2.0))[1] == float("inf")


@pytest.mark.parametrize("clear", ["static", "free"])
def test_clear_mem_frees_once(kinds: ModuleType, clear: str) -> None:
    raw = kinds.cf_Raw()
    img = raw.make_mem_image(3)
    assert kinds.cf_image_width(img) == 3
    free = kinds.cf_Raw.dcraw_clear_mem if clear == "static" else kinds.cf_raw_clear_mem
    free(img)
    with pytest.raises(ReferenceError):
        kinds.cf_image_width(img)
    with pytest.raises(ReferenceError):
        free(img)  # a double free before


def test_a_text_cursor_is_no_out_parameter(kinds: ModuleType) -> None:
    import inspect
    assert list(inspect.signature(kinds.cf_parse_digits).parameters) == ["p", "end"]
    with pytest.raises(TypeError):
        kinds.cf_parse_digits(None, "12")  # C would have read a NULL *p


def test_a_text_field_assigned_frees_nothing(kinds: ModuleType) -> None:
    r = kinds.tf_make()
    assert r.name == "static"
    r.name = "longer text"  # (freed the static text before: abort)
    assert r.name == "longer text" and kinds.tf_name_length(r) == 11
    r.pos = "x"  # pointed into r.buf
    assert r.pos == "x"
    r.name = None
    assert kinds.tf_name_length(r) == 0


def test_conversions_that_throw_outside_the_call_raise(kinds: ModuleType) -> None:
    """tests/kinds/throwing_conversions.h: a copy constructor or an allocation that throws in
    an argument's, a result's or an item's conversion (outside the wrapped call's own handler)
    raises the translated Python exception; the interpreter goes on (swig/wrapguard.py)."""
    assert kinds.make_fragile(4).value == 4
    assert [f.value for f in kinds.fragiles(3)] == [0, 1, 2]
    items = kinds.fragiles(3)
    assert kinds.fragile_total(items) == 3
    kinds.arm(True)
    try:
        for call in (lambda: kinds.make_fragile(4), lambda: kinds.fragiles(2),
                     lambda: kinds.fragile_total(items), lambda: kinds.named(2)):
            with pytest.raises(RuntimeError, match="Fragile: (copy|assignment) refused"):
                call()
    finally:
        kinds.arm(False)
    assert kinds.fragile_total(items) == 3 and sorted(kinds.named(2)) == ["0", "1"]
    assert kinds.bits(3).tolist() == [False, False, False]
    with pytest.raises((ValueError, MemoryError)):
        kinds.bits(-1)


def test_str_without_a_utf8_form(kinds: ModuleType) -> None:
    """tests/kinds/unencodable_text.h: a lone surrogate given to a `const char *` or a
    `std::string` is a ValueError naming the argument and the codec's reason (not "must be str,
    not str"); an overload set whose narrow candidate's check fails leaves no error behind, so
    the wide one takes it (not SystemError: a result with an exception set)."""
    bad = "a\ud800"
    for call, name in ((kinds.narrow_length, "text"), (kinds.string_length, "text")):
        with pytest.raises(ValueError, match=rf"argument '{name}'.*surrogates not allowed"):
            call(bad)
    assert kinds.narrow_length("abc") == 3 and kinds.string_length("é") == 2
    assert kinds.path_kind("p") == 1 and kinds.path_kind(bad) == 2
    doc = kinds.Document()
    assert doc.load_file(bad) and doc.opened == 2
    assert doc.load_file("x") and doc.opened == 1


def test_buffers_a_function_takes_over_refuse_python_memory(kinds: ModuleType) -> None:
    """tests/kinds/adopted_buffers.h: a writable buffer argument of a function whose name says
    it frees or takes over its memory (`load_inplace_own`, `adopt_bytes`, `free_block`) refuses
    a bytearray with a TypeError saying why; the plain ones take it."""
    doc = kinds.Doc()
    for call, arg in ((doc.load_inplace_own, "contents"), (kinds.adopt_bytes, "data"),
                      (kinds.free_block, "data")):
        with pytest.raises(TypeError, match=rf"frees or takes over its argument '{arg}'"):
            call(bytearray(b"ab"))
    assert doc.load_inplace(bytearray(b"ab"))
    data = bytearray(b"abc")
    assert kinds.zero_bytes(data) == 3 and data == bytearray(3)


def test_a_constructor_keeps_its_observer_alive(kinds: ModuleType) -> None:
    """A pointer to a polymorphic object given to a constructor is kept alive by the new object
    (the message sends to its sink when destroyed); a pointer to a plain struct is not."""
    import gc
    gc.collect()
    live = kinds.ObsSink.live
    message = kinds.ObsMessage(3, kinds.ObsSink())  # the sink's only reference: the message's
    gc.collect()
    assert kinds.ObsSink.live == live + 1 and message.value() == 3
    del message
    gc.collect()
    assert kinds.ObsSink.live == live
    sink, point = kinds.ObsCountingSink(), kinds.ObsPoint()
    point.x = 4
    points = sys.getrefcount(point)
    message = kinds.ObsMessage(1, sink, point)
    assert sys.getrefcount(point) == points  # read in the call only
    del sink
    gc.collect()
    assert kinds.ObsSink.live == live + 1
    del message  # sends to the counting sink it kept alive
    gc.collect()
    assert kinds.ObsSink.live == live


def test_a_buffer_of_items_is_one_bytes_argument(kinds: ModuleType) -> None:
    """(buf, size, nitems): C reads or writes size * nitems bytes; the buffer's bytes are the
    items, so no count reaches past its end."""
    assert kinds.ib_sum(b"\x01\x02\x03") == 6 and kinds.ib_sum(bytearray(b"\x05")) == 5
    assert kinds.ib_sum(b"") == 0 and kinds.ib_count(b"abcde") == 5
    buf = bytearray(4)
    assert kinds.ib_fill(buf, 7) == 4 and buf == b"\x07" * 4
    assert kinds.ib_repeat(b"ab", 3) == 6
    with pytest.raises(TypeError, match="ib_sum"):
        kinds.ib_sum(b"abc", 2**31)
    with pytest.raises(TypeError):
        kinds.ib_sum("abc")
    with pytest.raises(TypeError, match="writable"):
        kinds.ib_fill(b"abcd", 7)


def test_a_registered_observer_outlives_its_python_object(kinds: ModuleType) -> None:
    """An observer a free function registers stays alive after Python drops it (the library
    calls it later); an argument used only for the call is not kept."""
    import gc
    gc.collect()
    live = kinds.RgListener.live
    kinds.rg_add_listener(kinds.RgListener())  # the registry's pointer is its only use
    gc.collect()
    assert kinds.RgListener.live == live + 1
    assert kinds.rg_notify(2) >= 1  # calls the listener Python dropped
    listener = kinds.RgListener()
    references = sys.getrefcount(listener)
    assert kinds.rg_total(listener) == 0 and sys.getrefcount(listener) == references
    with pytest.raises(TypeError, match="rg_add_listener"):
        kinds.rg_add_listener(1)


def test_an_unnamed_buffer_length_may_not_pass_the_buffer(kinds: ModuleType) -> None:
    buf = bytearray(4)
    assert kinds.un_fill(buf, 4, 65) == 4 and buf == b"AAAA"
    assert kinds.un_fill("abc", 2, 66) == 2
    with pytest.raises(ValueError, match="un_fill.*room for"):
        kinds.un_fill(buf, 2**40, 65)
    with pytest.raises(ValueError, match="un_fill.*room for"):
        kinds.un_fill("abc", 2**20, 65)
    assert kinds.un_flagged("abc", 2048) == 2048  # 32 bits: flags, not a length


def test_a_stored_callback_outlives_the_registering_call(kinds: ModuleType) -> None:
    import gc
    kinds.kc_set_handler(lambda code: code * 2)  # the library's only reference to it
    gc.collect()
    assert kinds.kc_fail(21) == 42  # called after the registering call returned
    seen: list[int] = []
    assert kinds.kc_visit(3, lambda i: seen.append(i) or i) == 3 and seen == [0, 1, 2]
    # a function that starts what calls it later (a thread: zmq_threadstart) keeps it too
    kinds.kc_threadstart(lambda code: code + 1)
    gc.collect()
    assert kinds.kc_join(41) == 42


def test_a_result_keeps_the_objects_the_call_was_given(kinds: ModuleType) -> None:
    """tests/kinds/result_owners.h: a borrowed pointer or reference result keeps the class
    pointer and reference arguments alive (a node another document owns), in a method, a static
    method and a free function; the pool dies with the last result, not before."""
    import gc
    cloner = kinds.Cloner()
    calls = (lambda p: cloner.clone_into(p), lambda p: cloner.clone_ref(p),
             lambda p: kinds.Cloner.make_in(3, p), lambda p: kinds.put_into(4, p),
             lambda p: kinds.copy_into(kinds.put_into(5, p), p))
    for call in calls:
        gc.collect()
        alive = kinds.pools_alive()
        item = call(kinds.NodePool())  # the pool's only reference is the item's
        gc.collect()
        assert kinds.pools_alive() == alive + 1
        assert item.value in (7, 3, 4, 5)
        del item
        gc.collect()
        assert kinds.pools_alive() == alive
    pool = kinds.NodePool()
    before = sys.getrefcount(pool)
    kept = [cloner.clone_into(pool), cloner.clone_ref(pool), kinds.Cloner.make_in(1, pool)]
    assert sys.getrefcount(pool) == before + 3
    assert sys.getrefcount(cloner) == 2 + 2  # the methods' results keep `self` too
    del kept
    assert sys.getrefcount(pool) == before and sys.getrefcount(cloner) == 2
    peeked = cloner.peek(pool)  # `borrowed` on a method: `self`'s, the pool is not kept
    assert sys.getrefcount(pool) == before and peeked.value == -7
    assert cloner.clone_into(None) is None and cloner.clone_into() is None
    with pytest.raises(TypeError):
        kinds.Cloner.make_in(1, None)


def test_a_clear_clears_the_views_of_what_it_freed(kinds: ModuleType) -> None:
    """tests/kinds/result_owners.h: `clear()` frees every item the pool made; the views of them
    (its own methods' results, and those of calls it was passed to) raise ReferenceError after
    it instead of reading freed memory. Views made after it work."""
    pool, cloner = kinds.NodePool(), kinds.Cloner()
    made, cloned, put = pool.make(1), cloner.clone_into(pool), kinds.put_into(2, pool)
    assert (made.value, cloned.value, put.value, pool.size()) == (1, 7, 2, 3)
    pool.clear()
    assert pool.size() == 0
    for view in (made, cloned, put):
        with pytest.raises(ReferenceError):
            view.value
    assert pool.make(8).value == 8 and pool.size() == 1


@pytest.mark.parametrize("bad", [12345, -1, 3])
def test_ints_outside_an_enum_are_refused_before_the_conversion(kinds: ModuleType,
                                                                bad: int) -> None:
    """tests/kinds/enum_arguments.h: by value, by const reference, in a constructor and in a
    field, an int that is no value of the enum is a ValueError naming it, and never loaded as
    the enum (the sanitizer tier runs this under UBSan)."""
    calls = [lambda: kinds.shade_value(bad), lambda: kinds.shade_ref_value(bad),
             lambda: kinds.Palette(bad), lambda: setattr(kinds.Swatch(), "shade", bad)]
    # the int as given (-1, not as the enum's unsigned type would hold it), where it was given
    for call, where in zip(calls, [r"shade_value\(\)", r"shade_ref_value\(\)",
                                   r"Palette\(\)", r"Swatch\.shade"]):
        with pytest.raises(ValueError, match=rf"^{where}: {bad} is not a valid \w"):
            call()
    assert kinds.shade_value(kinds.Shade.Dark) == 2 and kinds.shade_ref_value(1) == 1
    assert kinds.Palette(kinds.Palette.Muted).mode() == 2
    s = kinds.Swatch()
    s.shade = kinds.Shade.Mid
    assert s.shade == kinds.Shade.Mid
    with pytest.raises(TypeError):
        kinds.shade_value("Dark")


def test_a_typedef_of_a_pointer_to_const_keeps_the_const(kinds: ModuleType) -> None:
    """tests/kinds/const_pointee_typedefs.h: `cpt_read(const int *)` (through a typedef) is no
    `int (*)(int *)`; each function passes where its own pointer type is taken, only there."""
    assert kinds.cpt_call_visit(kinds.cpt_bump) == 42
    assert kinds.cpt_call_look(kinds.cpt_read) == 107
    with pytest.raises(TypeError):
        kinds.cpt_call_visit(kinds.cpt_read)
    with pytest.raises(TypeError):
        kinds.cpt_call_look(kinds.cpt_bump)


def test_a_text_given_by_its_two_ends_is_one_str(kinds: ModuleType) -> None:
    """tests/kinds/text_ranges.h: (const char *begin, const char *end) is one str or bytes."""
    assert kinds.between("héllo") == "héllo" and kinds.between(b"a\x00b") == "a\x00b"
    assert kinds.between("") == "" and kinds.between(begin="xy") == "xy"
    assert kinds.count_in("banana", "a") == 3 and kinds.Finder().width("abc") == 3
    for bad in (None, 1, ["a"]):
        with pytest.raises(TypeError, match="must be str or bytes"):
            kinds.between(bad)
    with pytest.raises(TypeError):
        kinds.between("ab", "cd")  # two strs are no range


def test_const_twins_of_several_overloads(kinds: ModuleType) -> None:
    """tests/kinds/overloaded_const_twins.h: each overload's const and non-const twins are one
    method, on a node and on the child it hands out."""
    n = kinds.Node()
    assert n.first() is None and n.depth() == 0
    child = n.add()
    assert n.first().depth() == 0 and n.first("x").depth() == 0 and n.depth() == 1
    assert n.first("") is None and child.first() is None


def test_a_struct_the_library_makes_is_freed_by_its_library(kinds: ModuleType) -> None:
    """tests/kinds/library_structs.h: gs_sig objects come from gs_sig_new and go back through
    gs_sig_free (the sanitizer tier would report C++'s delete of malloc'ed memory); Python
    makes none; freed by hand, the object is cleared. gs_buf, the caller's, is constructible."""
    rc, sig = kinds.gs_sig_new("ann", 5)
    assert rc == 0 and sig.name == "ann" and sig.when == 5 and kinds.gs_sig_when(sig) == 5
    del sig  # released by gs_sig_free
    with pytest.raises(TypeError):
        kinds.gs_sig()
    _, sig = kinds.gs_sig_new("bo", 7)
    kinds.gs_sig_free(sig)
    with pytest.raises(ReferenceError):
        sig.when
    del sig  # (not freed twice)
    buf = kinds.gs_buf()
    assert kinds.gs_buf_set(buf, "abc") == 0 and buf.size == 3 and buf.ptr == "abc"
    # allocated through an out, released by a function not named for it (FreeType's
    # FT_New_Face / FT_Done_Face): borrowed (never delete'd: the sanitizer tier would say so),
    # and Python makes none (a zero-filled face every function took, and crashed on)
    rc, face = kinds.gs_face_open(4)
    assert rc == 0 and face.id == 4
    with pytest.raises(TypeError):
        kinds.gs_face()
    kinds.gs_done_face(face)  # "done" releases: the object is cleared
    with pytest.raises(ReferenceError):
        face.id
    del face
    _, face = kinds.gs_face_open(5)
    del face  # (a leak, not C++'s delete of the library's malloc)


def test_a_borrowed_object_is_refused_where_cpp_takes_shared_ownership(
        kinds: ModuleType) -> None:
    """A std::shared_ptr parameter (by value or const &) keeps what it is given: an object
    Python only borrows is refused (ValueError), an owning one taken; a borrowed object whose
    class knows its owner (enable_shared_from_this) is taken with that owner."""
    r = kinds.WidgetRegistry()
    w = r.current()  # a pointer result: borrowed
    for give in (r.set_current, r.keep):
        with pytest.raises(ValueError, match="'w': this object is only borrowed"):
            give(w)
    assert r.kept() == 0 and r.current().id == 1
    r.keep(r.current_shared())  # owning: taken
    r.set_current(kinds.SharedWidget(5))  # made by Python: owning
    assert r.kept() == 1 and r.current().id == 5
    n = r.node()  # a reference result, of a class that knows its owner
    r.set_node(n)
    del r
    gc.collect()
    assert n.id == 2  # n owns the node now: it outlives the registry


def test_a_crtp_base_is_a_base_only(kinds: ModuleType) -> None:
    w = kinds.Widget()
    assert w.up(2) is not None and w.level == 2 and w.area() == 11
    assert w.up(1).area() == 12 and w.twice_area() == 24
    with pytest.raises(TypeError):
        kinds.Builder_Widget()
    box = kinds.IntBox()
    box.value = 5
    assert box.get() == 5 and kinds.Holder_int().value == 0
    # an aggregate base: no keyword construction either; its other instance is a class
    for make in (lambda: kinds.Box_Tree(), lambda: kinds.Box_Tree(v=2)):
        with pytest.raises(TypeError):
            make()
    tree = kinds.Tree()
    assert tree.get() == 1 and tree.leaves == 0
    assert kinds.IntCell().get() == 1 and kinds.IntCell(v=4).get() == 4
    # a base with constructors of its own
    for make in (lambda: kinds.Counted_Leaf(), lambda: kinds.Counted_Leaf(3)):
        with pytest.raises(TypeError):
            make()
    leaf = kinds.Leaf()
    assert leaf.count == 5 and leaf.doubled() == 10 and leaf.me().doubled() == 10


def test_placeholder_structs_are_handles(kinds: ModuleType) -> None:
    doc = kinds.ph_create()
    assert kinds.ph_value(doc) == 7 and kinds.ph_window_id(kinds.ph_window()) == 42
    for cls in (kinds._PhDoc, kinds.PhWin__):
        with pytest.raises(TypeError):
            cls()
    assert not hasattr(doc, "_opaque")
    p = kinds.PhPoint()
    p.x = 3
    assert kinds.ph_point_x(p) == 3
    with pytest.raises(TypeError):
        kinds.ph_value(kinds.ph_window())
    config = kinds.PhConfig()
    config.unused = 2
    assert kinds.ph_config_apply(config) == 12
