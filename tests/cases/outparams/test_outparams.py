"""Out-parameters, in/outs, status results and None for pointers (tests/cases/outparams)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from conftest import CASES, swiggen

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def op(case_module):  # type: ignore[no-untyped-def]
    return case_module("outparams")


# ---- None for pointer parameters ---------------------------------------------------------------

def test_none_refused_where_null_means_nothing(op) -> None:
    w = op.Widget()
    w.id = 5
    assert op.widget_id(w) == 5
    with pytest.raises(TypeError, match="'w' must not be None"):
        op.widget_id(None)
    with pytest.raises(TypeError, match="'text' must not be None"):
        op.text_length(None)
    with pytest.raises(TypeError, match="'values' must not be None"):
        op.scale(None, 2.0)  # a plain pointer: an input, never null
    with pytest.raises(TypeError):
        op.reset_widget(None)  # T*& never accepts None


def test_none_accepted_for_null_defaults_and_nullable(op) -> None:
    assert op.widget_id_or() == -1
    assert op.widget_id_or(None) == -1
    assert op.widget_id_ann(None) == -1  # nullable(w)
    assert op.text_length_or(None) == -1
    assert op.text_length_or() == -1
    assert op.text_length_or("abc") == 3
    assert op.has_stream() == 0 and op.has_stream(None) == 0  # FILE* = 0: spelled as written


def test_none_rule_is_per_function_not_per_parameter_name(op) -> None:
    # `const Widget* w` is nullable in widget_id_or/count_or, not in widget_id/count
    c = op.Chain()
    w = op.Widget()
    w.id = 2
    assert c.count(w) == 2 and c.count_or() == -1 and c.count_or(None) == -1
    with pytest.raises(TypeError, match="must not be None"):
        c.count(None)


def test_pointer_fields_accept_none(op) -> None:
    c = op.Chain()
    w = op.Widget()
    c.next = w
    assert c.next.id == w.id
    c.next = None
    assert c.next is None


# ---- outs and the tuple rule ---------------------------------------------------------------------

def test_outs_of_every_kind(op) -> None:
    assert op.split_name("Ada Lovelace") == ("Ada", "Lovelace")  # std::string* and std::string&
    assert op.divide(7, 2) == (3.0, 1)  # a result, then the outs
    assert op.stats([1.0, 3.0]) == (2.0, 3.0, False)  # double*, bool*
    assert op.digits(305) == [3, 0, 5]  # void with one out: the out alone
    assert op.word_counts("a b a") == {"a": 2, "b": 1}
    mode = op.pick_mode(2)
    assert mode is op.Mode.Safe  # enums come back as members
    w = op.fill_widget(4)  # a class: default-constructed, filled, owned by Python
    assert (w.id, w.label) == (4, "filled")


def test_results_are_plain_tuples(op) -> None:
    assert type(op.divide(7, 2)) is tuple
    assert type(op.split_name("a b")) is tuple


def test_inout(op) -> None:
    assert op.bump(1, 2) == 3
    assert op.shout("hey") == ("HEY", [3])
    with pytest.raises(TypeError):
        op.bump("one", 2)


def test_defaults_by_rule_and_by_name(op) -> None:
    ok, w = op.make_widget(3)  # T** of a wrapped class: an out; a bool result stays
    assert ok is True and w.id == 3
    assert op.make_widget(-1) == (False, None)  # a null T** is None
    assert op.version_string() == "1.2.3"  # const char**
    assert op.area(2.0, 3.0) == 6.0  # named `result`
    assert op.convert(2.7) == 2  # named `*_out`


@pytest.mark.cpython_only
def test_t_pointer_pointer_ownership_no_leak(op) -> None:
    gc.collect()
    start = op.live_widgets()
    for i in range(20000):
        _, w = op.make_widget(i)
        del w
        w = op.open_widget("w")
        del w
    gc.collect()
    assert op.live_widgets() == start


@pytest.mark.cpython_only
@pytest.mark.parametrize("factory_first", [True, False])
def test_t_pointer_pointer_from_a_method_dropped_in_any_order(op, factory_first: bool) -> None:
    gc.collect()
    start = op.live_widgets()
    f = op.Factory()
    w = f.make()
    assert (w.id, f.made) == (1, 1)
    if factory_first:
        del f
        gc.collect()
        assert w.id == 1  # the product keeps its factory alive
        del w
    else:
        del w
        gc.collect()
        assert f.make().id == 2
        del f
    gc.collect()
    assert op.live_widgets() == start


@pytest.mark.cpython_only
def test_borrowed_t_pointer_pointer_is_not_deleted(op) -> None:
    start = op.live_widgets()
    for _ in range(100):
        w = op.shared_widget()
        w.id = 7
        del w
    gc.collect()
    assert op.live_widgets() == start  # the shared object was never deleted
    assert op.shared_widget().id == 7


def test_bytes_in_and_out(op) -> None:
    assert op.byte_sum(b"\x01\x02\xff") == 258
    assert op.byte_sum(bytearray(b"ab")) == 195
    assert op.byte_sum(memoryview(b"")) == 0
    assert op.reverse_bytes(b"\x00\xffab") == b"ba\xff\x00"
    with pytest.raises(TypeError, match="bytes-like"):
        op.byte_sum("text")
    with pytest.raises(TypeError, match="bytes-like"):
        op.byte_sum(None)


# ---- status results -----------------------------------------------------------------------------

def test_status_ok_returns_outs_or_none(op) -> None:
    assert op.check("ok") is None
    assert op.find("k") == "value of k"
    assert op.open_widget("w").label == "w"


@pytest.mark.parametrize("code, exc, name", [
    ("missing", KeyError, "StatusNotFoundError"),
    ("io", OSError, "StatusIOError"),
    ("bad", ValueError, "StatusInvalidArgumentError"),
])
def test_status_predicates_map_to_exceptions(op, code: str, exc: type, name: str) -> None:
    with pytest.raises(exc) as info:
        op.check(code)
    assert isinstance(info.value, op.StatusError)
    assert type(info.value).__name__ == name
    assert type(info.value).__module__ == "outparams"
    assert info.value.status.ToString() == info.value.message
    assert not info.value.status.ok()


def test_status_without_predicate_raises_the_base_class(op) -> None:
    with pytest.raises(op.StatusError) as info:
        op.check("corrupt")
    assert not isinstance(info.value, (KeyError, OSError, ValueError))
    assert info.value.message == "Corruption: bits flipped"


@pytest.mark.parametrize("code", ["missing", "io", "bad", "corrupt"])
def test_status_exception_attributes_copy_and_extend(op, code: str) -> None:
    """A predicate's class keeps `message` and `status` in slots (status_slots.swg), the base
    class in its __dict__: either way they read back, survive copy.copy (the status object
    shared, as a copied __dict__ shares it), and the exception takes attributes of the user's."""
    import copy
    with pytest.raises(op.StatusError) as info:
        op.check(code)
    e = info.value
    assert e.status.ToString() == e.message and e.args == (e.message,)
    e.note = "added"
    dup = copy.copy(e)
    assert type(dup) is type(e) and dup.args == e.args
    assert dup.message == e.message and dup.status is e.status and dup.note == "added"
    e.message = "changed"
    assert e.message == "changed" and dup.message != "changed"
    again = type(e)("made by hand")  # no attributes yet: AttributeError, as for any class
    with pytest.raises(AttributeError):
        again.status  # noqa: B018
    assert copy.copy(again).args == ("made by hand",)


def test_status_exception_releases_its_status(op) -> None:
    import weakref
    with pytest.raises(KeyError) as info:
        op.check("missing")
    ref = weakref.ref(info.value.status)
    del info
    gc.collect()
    assert ref() is None


@pytest.mark.parametrize("code", ["missing", "io", "bad", "corrupt"])
def test_status_exceptions_hold_their_message_and_status_once(op, code: str) -> None:
    """`message` and `status` written into a predicate class's slots directly (outparams.swg,
    swiggen_status_set) or into the base class's __dict__: one reference each, the message the
    same object as args[0], every status freed with its exception (none kept twice)."""
    import weakref
    refs = []
    for _ in range(50):
        try:
            op.check(code)
        except op.StatusError as e:
            assert e.message is e.args[0]
            refs.append(weakref.ref(e.status))
    gc.collect()
    assert all(r() is None for r in refs)


def test_status_class_factories_still_return_values(op) -> None:
    assert op.Status.OK().ok()
    s = op.Status.NotFound("x")
    assert s.IsNotFound() and s.ToString() == "NotFound: x"


def test_status_failure_keeps_outs_from_leaking(op) -> None:
    with pytest.raises(KeyError):
        op.find("xyz")
    with pytest.raises(ValueError):
        op.open_widget("")


def test_false_is_and_bool_default(op) -> None:
    assert op.try_get(2) == "20"
    with pytest.raises(KeyError):
        op.try_get(0)
    assert op.probe(1) == (True, "found")
    assert op.probe(0) == (False, "")


def test_docstrings_say_what_raises(op) -> None:
    assert "Raises StatusError" in op.find.__doc__
    assert "Raises KeyError" in op.try_get.__doc__


def test_stub_shows_python_signatures(op) -> None:
    stub = (Path(op.__file__).parent / "outparams.pyi").read_text()
    for line in ("def divide(a: int, b: int) -> tuple[float, int]: ...",
                 "def digits(n: int) -> list[int]: ...",
                 "def make_widget(id: int) -> tuple[bool, Widget | None]: ...",
                 "def bump(counter: int, by: int) -> int: ...",
                 "def widget_id(w: Widget) -> int: ...",
                 "def widget_id_or(w: Widget | None = None) -> int: ...",
                 "def try_get(key: int) -> str:",
                 "class StatusNotFoundError(StatusError, KeyError):"):
        assert line in stub, line


def test_inspect_says_which_rule_applied() -> None:
    proc = swiggen("inspect", "outparams.h", cwd=CASES / "outparams")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "out (Python owns) op::Widget * *made in op::make_widget: a T** of a wrapped " \
        "class is an out-parameter" in out
    assert "op::area: recognised by name as out(result)" in out
    assert "op::split_name: out(first, last) at line" in out
    assert "None accepted for const op::Widget *w in op::Chain::count_or, op::widget_id_or, " \
        "op::widget_id_ann: its default is nullptr; op::widget_id_ann: nullable(w)" in out
    assert "None refused for argument 1 in widget_id: 'const op::Widget *w' is nullable " \
        "elsewhere" in out


def test_conflicting_outs_warn(tmp_path) -> None:
    header = tmp_path / "c.h"
    header.write_text("#include <string>\n"
                      "void get(std::string* value);  // swiggen: out(value)\n"
                      "void put(std::string* value);\n")
    proc = swiggen("generate", str(header), "-m", "c", "-o", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "warning SG370" in proc.stderr and "'put'" in proc.stderr


def test_bad_directives_are_errors(tmp_path) -> None:
    header = tmp_path / "b.h"
    header.write_text("struct Node {};\n"
                      "void a(int x);  // swiggen: out(y)\n"
                      "void b(const char* s);  // swiggen: out(s)\n"
                      "void c(Node** n);  // swiggen: nullable(n)\n"
                      "int d();  // swiggen: false_is(KeyError)\n")
    proc = swiggen("generate", str(header), "-m", "b", "-o", str(tmp_path), cwd=tmp_path)
    assert proc.returncode == 1
    assert proc.stderr.count("error SG230") == 3, proc.stderr
    assert proc.stderr.count("error SG231") == 1, proc.stderr
    assert "b.h:2:" in proc.stderr and "b.h:5:" in proc.stderr


def test_none_for_a_t_pointer_pointer_never_reaches_cpp(op) -> None:
    # d35: a T** out is not a Python argument at all, so None cannot be passed for it
    with pytest.raises(TypeError):
        op.make_widget(1, None)
    with pytest.raises(TypeError):
        op.open_widget("w", None)
