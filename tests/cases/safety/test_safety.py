"""The memory-safety invariants of docs/safety.md, each over a family of declarations
(tests/cases/safety/safety.h stamps every site with every kind of parameter). Under the
sanitizer tier (.ci/run) the same tests run against an ASan/UBSan build, where a null that got
through, a str written into or a view of a freed temporary is a report, not luck."""

from __future__ import annotations

import copy
import gc
import pickle
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

pytestmark = pytest.mark.compile

KINDS = ["value", "ref", "cref", "ptr", "cptr", "rref"]

#: each site of safety.h: how to reach its function for a kind of parameter
SITES: dict[str, Callable[[ModuleType, str], Callable[..., Any]]] = {
    "free": lambda m, k: getattr(m, f"free_{k}"),
    "overload": lambda m, k: getattr(m, f"over_{k}"),
    "method": lambda m, k: getattr(m.Host(), f"method_{k}"),
    "static": lambda m, k: getattr(m.Host, f"static_{k}"),
    "constructor": lambda m, k: getattr(m, f"Make_{k}"),
    "template": lambda m, k: getattr(m.ItemHolder(), f"take_{k}"),
}
OPERATORS = {"value": "+", "ref": "-", "cref": "*", "ptr": "/", "cptr": "%", "rref": "^"}


@pytest.fixture(scope="module")
def sf(case_module):  # type: ignore[no-untyped-def]
    return case_module("safety")


def _n(result: Any) -> int:
    return result if isinstance(result, int) else result.n


# ---- 1. None never reaches a parameter that is not nullable --------------------------------

@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("site", sorted(SITES))
def test_none_is_refused_at_every_site(sf, site: str, kind: str) -> None:
    fn = SITES[site](sf, kind)
    with pytest.raises(TypeError):
        fn(None)
    assert _n(fn(sf.Item())) == 7  # and a real argument still passes


@pytest.mark.parametrize("kind", KINDS)
def test_none_is_refused_as_an_operand(sf, kind: str) -> None:
    h = sf.Host()
    op = OPERATORS[kind]
    with pytest.raises(TypeError):
        eval(f"h {op} None", {"h": h})
    assert eval(f"h {op} item", {"h": h, "item": sf.Item()}) == 7


def test_none_is_refused_by_a_by_value_field(sf) -> None:
    f = sf.Fields()
    with pytest.raises(TypeError, match="None"):
        f.item = None
    item = sf.Item()
    item.n = 3
    f.item = item
    assert f.item.n == 3


def test_null_where_null_is_meaningful(sf) -> None:
    assert sf.maybe(None) == -1  # the default argument is nullptr
    assert sf.maybe() == -1
    f = sf.Fields()
    f.ptr = sf.Item()
    f.ptr = None  # a pointer field is set to null
    assert f.ptr is None


def test_c_struct_by_value_and_by_pointer(sf) -> None:
    for fn in (sf.sf_c_value, sf.sf_c_ptr):
        with pytest.raises(TypeError):
            fn(None)
    c = sf.sf_citem()
    c.n = 4
    assert sf.sf_c_value(c) == 4 and sf.sf_c_ptr(c) == 4


SMART_KINDS = ["unique", "unique_rref", "unique_cref", "shared", "shared_ref", "shared_cref"]
#: each site of safety.h's smart pointer family (SF_SMART_KINDS)
SMART_SITES: dict[str, Callable[[ModuleType, str], Callable[..., Any]]] = {
    "free": lambda m, k: getattr(m, f"free_{k}"),
    "overload": lambda m, k: getattr(m, f"over_{k}"),
    "method": lambda m, k: getattr(m.SmartHost(), f"method_{k}"),
    "static": lambda m, k: getattr(m.SmartHost, f"static_{k}"),
    "constructor": lambda m, k: getattr(m, f"Make_{k}"),
}


def _pointee(m: ModuleType, kind: str) -> Any:
    return m.Owned() if kind.startswith("unique") else m.Shared()


@pytest.mark.parametrize("kind", SMART_KINDS)
@pytest.mark.parametrize("site", sorted(SMART_SITES))
def test_none_is_no_empty_smart_pointer(sf, site: str, kind: str) -> None:
    """None for a std::unique_ptr/std::shared_ptr parameter would be an empty one, which the
    callee dereferences: TypeError naming the parameter."""
    fn = SMART_SITES[site](sf, kind)
    with pytest.raises(TypeError, match="argument 'x' must not be None"):
        fn(None)
    assert _n(fn(_pointee(sf, kind))) == (8 if kind.startswith("unique") else 9)


def test_none_is_no_empty_smart_pointer_in_a_template_or_an_operator(sf) -> None:
    holder = sf.OwnedHolder()
    for take in (holder.take_unique, holder.take_unique_cref):
        with pytest.raises(TypeError, match="must not be None"):
            take(None)
        assert take(sf.Owned()) == 8
    h = sf.SmartHost()
    with pytest.raises(TypeError):
        h + None
    with pytest.raises(TypeError):
        h - None
    assert h + sf.Shared() == 9 and h - sf.Owned() == 8


def test_an_empty_smart_pointer_where_null_is_meaningful(sf) -> None:
    """A default that is empty (`= nullptr`, `= {}`, `= std::shared_ptr<T>()`) or `nullable`:
    None passes, as an empty smart pointer; the same type and name elsewhere still refuses it."""
    for fn in (sf.maybe_unique, sf.maybe_shared, sf.maybe_shared_cref, sf.marked_unique):
        assert fn(None) == -1
    assert sf.maybe_unique() == -1 and sf.maybe_shared() == -1 and sf.maybe_shared_cref() == -1
    assert sf.maybe_unique(sf.Owned()) == 8 and sf.maybe_shared_cref(sf.Shared()) == 9
    assert sf.marked_unique(sf.Owned()) == 8
    f = sf.SmartFields()  # a smart pointer field is emptied by None, as a pointer field
    assert f.shared is None
    f.shared = sf.Shared()
    assert f.shared.n == 9
    f.shared = None
    assert f.shared is None
    assert sf.SmartFields(None).shared is None and sf.SmartFields(sf.Shared()).shared.n == 9


def test_smart_pointer_parameters_are_typed_as_their_class(sf) -> None:
    stub = (Path(sf.__file__).parent / "safety.pyi").read_text()
    assert "def free_unique(x: Owned) -> int: ..." in stub
    assert "def free_shared_cref(x: Shared) -> int: ..." in stub
    assert "def maybe_unique(x: Owned | None = None) -> int:" in stub
    assert "def marked_unique(x: Owned | None) -> int:" in stub
    assert "def take_unique(self, x: Owned) -> int: ..." in stub


# ---- 2. Text ---------------------------------------------------------------------------------

WRITERS: dict[str, tuple[Callable[[ModuleType], Callable[..., Any]], bytes]] = {
    "free": (lambda m: m.fill, b"z"),
    "overload": (lambda m: m.refill, b"o"),
    "method": (lambda m: m.Writer().fill, b"y"),
    "static": (lambda m: m.Writer.sfill, b"x"),
}


@pytest.mark.parametrize("site", sorted(WRITERS))
def test_a_str_is_never_written_into(sf, site: str) -> None:
    fn, _ = WRITERS[site]
    text = "abc"
    fn(sf)(text, 3)  # the callee writes into a private copy
    assert text == "".join(["a", "b", "c"])
    fn(sf)(b"abc", 3)


@pytest.mark.parametrize("site", sorted(WRITERS))
def test_writable_buffers_receive_the_writes(sf, site: str) -> None:
    fn, byte = WRITERS[site]
    buf = bytearray(3)
    fn(sf)(buf, 3)
    assert bytes(buf) == byte * 3
    view = memoryview(bytearray(2))
    fn(sf)(view, 2)
    assert bytes(view) == byte * 2


def test_read_only_buffers_and_other_values_are_refused(sf) -> None:
    with pytest.raises(TypeError, match="writable buffer"):
        sf.fill(memoryview(b"ab"), 2)
    with pytest.raises(TypeError, match="writable buffer"):
        sf.fill(3, 2)
    assert sf.refill(4) == -4  # the other overload


def test_a_char_pointer_that_is_only_read_takes_a_str(sf) -> None:
    assert sf.length_of("hello") == 5


def test_a_function_that_frees_its_text_refuses_python_memory(sf) -> None:
    for value in ("text", b"text", bytearray(b"text")):
        with pytest.raises(TypeError, match="frees its argument"):
            sf.release_text(value)


VIEWS = ["ViewConstChars", "ViewChars", "ViewString", "ViewStringView"]


@pytest.mark.parametrize("view", VIEWS)
def test_a_view_keeps_what_it_was_made_from(sf, view: str) -> None:
    text = "".join(["a text longer than any small-string buffer ", "x" * 40])
    v = getattr(sf, view)(text)
    del text
    junk = ["q" * 64 for _ in range(2000)]  # reuse freed memory
    gc.collect()
    assert v.text() == "a text longer than any small-string buffer " + "x" * 40
    del junk


@pytest.mark.parametrize("view", VIEWS)
def test_a_copy_of_a_view_keeps_the_text_too(sf, view: str) -> None:
    v = getattr(sf, view)("".join(["another text longer than a small buffer ", "y" * 40]))
    c = copy.copy(v)
    del v
    junk = ["r" * 64 for _ in range(2000)]
    gc.collect()
    assert c.text() == "another text longer than a small buffer " + "y" * 40
    del junk


# ---- 3. Copies only when a copy is safe --------------------------------------------------------

@pytest.mark.parametrize("name", ["Owning", "Opaque", "HasOwning", "FromOwning"])
def test_no_copy_that_would_free_twice(sf, name: str) -> None:
    cls = getattr(sf, name)
    assert not hasattr(cls, "__copy__") and not hasattr(cls, "__deepcopy__")
    obj = cls()
    for how in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises((TypeError, copy.Error, pickle.PicklingError)):
            how(obj)
    del obj
    gc.collect()


@pytest.mark.parametrize("name", ["DeepOwning", "Borrowing", "Item"])
def test_copies_that_are_safe_remain(sf, name: str) -> None:
    obj = getattr(sf, name)()
    twin = copy.copy(obj)
    deep = copy.deepcopy(obj)
    assert type(twin) is type(obj) and type(deep) is type(obj)
    if name == "DeepOwning":
        assert twin.n() == deep.n() == 5
    del obj, twin, deep
    gc.collect()


def test_a_field_whose_assignment_is_shallow_is_read_only(sf) -> None:
    holder = sf.HasOwning()
    assert holder.owning.n() == 5
    with pytest.raises(AttributeError):
        holder.owning = sf.Owning()
    holder.tag = 2  # the other fields still assign
    assert holder.tag == 2


# ---- 4. Iteration is bounded -------------------------------------------------------------------

@pytest.mark.parametrize("name", ["Unsized", "Keyed"])
def test_subscript_without_a_bound_is_not_iterable(sf, name: str) -> None:
    obj = getattr(sf, name)()
    with pytest.raises(TypeError, match="not iterable"):
        iter(obj)
    with pytest.raises(TypeError):
        list(obj)
    with pytest.raises(TypeError):
        0 in obj  # membership would iterate too


def test_subscript_with_size_iterates_size_elements(sf) -> None:
    assert list(sf.Sized()) == [1.0, 2.0, 3.0]
    assert sf.Unsized()[2] == 3.0  # indexing itself still works
    assert sf.Keyed()["four"] == 4


# ---- 6. Enums take only their values ------------------------------------------------------------

ENUM_SITES: dict[str, Callable[[ModuleType], Callable[..., Any]]] = {
    "free": lambda m: m.shade_value,
    "cref": lambda m: m.shade_cref,
    "method": lambda m: m.Painter().paint,
    "static": lambda m: m.Painter.spaint,
}


@pytest.mark.parametrize("site", sorted(ENUM_SITES))
def test_an_int_that_is_no_enumerator_is_refused(sf, site: str) -> None:
    fn = ENUM_SITES[site](sf)
    assert fn(sf.Shade.Dark) == 2
    assert fn(1) == 1  # a value of the enum, as an int
    for bad in (3, -1, 99):
        with pytest.raises(ValueError, match="not a valid Shade"):
            fn(bad)


def test_an_enum_field_takes_only_enumerators(sf) -> None:
    p = sf.Painter()
    p.shade = sf.Shade.Mid
    assert p.shade == sf.Shade.Mid
    with pytest.raises(ValueError):
        p.shade = 7
    assert p.shade == sf.Shade.Mid


def test_a_flags_enum_takes_combinations_of_its_bits(sf) -> None:
    assert sf.perms(sf.PERM_READ | sf.PERM_WRITE) == 3
    assert sf.perms(7) == 7 and sf.perms(0) == 0
    for bad in (8, -1):
        with pytest.raises(ValueError):
            sf.perms(bad)


def test_an_enum_a_bitwise_operator_takes_is_flags(sf) -> None:
    assert sf.mask_bits(sf.Mask.X | sf.Mask.Y) == 3
    assert sf.mask_bits(3) == 3
    with pytest.raises(ValueError):
        sf.mask_bits(4)


# ---- 8. An index fits its operator's index type ----------------------------------------------

#: safety.h's index types: name -> (bits, signed) on an LP64 platform
INDEX_TYPES = {"Schar": (8, True), "Uchar": (8, False), "Short": (16, True),
               "Ushort": (16, False), "Int": (32, True), "Uint": (32, False),
               "Long": (64, True), "Ulong": (64, False), "Llong": (64, True),
               "Ullong": (64, False)}
#: what does not fit any index type (Python's own IndexError, before the call)
TOO_BIG = [2**63, 2**64, -2**63 - 1, 10**100]
HUGE = 70000  # the sized classes' size()


def _largest(name: str) -> int:
    """The largest index a Python int can pass that the type holds."""
    bits, signed = INDEX_TYPES[name]
    return min(2**(bits - 1 if signed else bits) - 1, 2**63 - 1)


def _value(obj: Any, sf: ModuleType) -> Any:
    """A value obj[i] = ... takes: a number, or an Item."""
    return sf.Item() if "Item" in type(obj).__name__ else 5.0


@pytest.mark.parametrize("shape", ["Unsized", "Sized", "Items"])
@pytest.mark.parametrize("name", sorted(INDEX_TYPES))
def test_an_index_that_does_not_fit_is_an_index_error(sf, shape: str, name: str) -> None:
    obj = getattr(sf, f"{shape}{name}")()
    # the largest index the type holds (and, for a class with size(), that is in range)
    top = _largest(name) if shape == "Unsized" else min(_largest(name), HUGE - 1)
    obj[top]  # arrives as itself
    assert obj.last == top
    obj[top] = _value(obj, sf)
    assert obj.last == top
    over = [top + 1, top + 2, 2**31, 2**32, 2**32 + 2, 2**63 - 1, *TOO_BIG]
    for index in (i for i in over if i > top):
        with pytest.raises((IndexError, OverflowError)):  # (PyPy: OverflowError first)
            obj[index]
        with pytest.raises((IndexError, OverflowError)):  # (PyPy: OverflowError first)
            obj[index] = _value(obj, sf)
        assert obj.last == top, index  # operator[] was never called with a wrapped index


@pytest.mark.parametrize("name", sorted(INDEX_TYPES))
def test_a_negative_index_counts_from_the_end_and_must_fit_too(sf, name: str) -> None:
    unsized, sized = getattr(sf, f"Unsized{name}")(), getattr(sf, f"Sized{name}")()
    with pytest.raises(IndexError, match="negative index"):
        unsized[-1]  # no size() to count from
    with pytest.raises(IndexError):
        unsized[-1] = 1.0
    if _largest(name) >= HUGE - 1:
        sized[-1]
        assert sized.last == HUGE - 1
    else:  # len() - 1 does not fit the index type
        for how in (lambda: sized[-1], lambda: sized.__setitem__(-1, 1.0)):
            with pytest.raises(IndexError):
                how()
        assert sized.last == -1
    with pytest.raises(IndexError):
        sized[-HUGE - 1]
    with pytest.raises(IndexError):
        sized[HUGE]


@pytest.mark.parametrize("cls, largest", [("Mixed", 2**16 - 1), ("MixedItems", 2**8 - 1)])
def test_an_unsigned_index_beside_other_keys_must_fit(sf, cls: str, largest: int) -> None:
    obj = getattr(sf, cls)()
    obj[largest]
    assert obj.last == largest
    obj[largest] = _value(obj, sf)
    for index in (largest + 1, 2**32, 2**32 + 2, 2**63 - 1, -1, -HUGE - 1):
        with pytest.raises((IndexError, OverflowError)):  # (PyPy: OverflowError first)
            obj[index]
        with pytest.raises((IndexError, OverflowError)):  # (PyPy: OverflowError first)
            obj[index] = _value(obj, sf)
    for index in (2**63, 2**64, -2**63 - 1):  # beyond any C++ integer
        with pytest.raises((IndexError, OverflowError)):
            obj[index]
    assert obj.last == largest
    assert obj["abc"] == 3  # the other key type still works


def test_an_index_taken_by_reference_must_fit(sf) -> None:
    obj = sf.RefIndexed()
    assert obj[2**16 - 1] == 4.0 and obj.last == 2**16 - 1
    for index in (2**16, 2**32 + 1, *TOO_BIG):
        with pytest.raises((IndexError, OverflowError)):  # (PyPy: OverflowError first)
            obj[index]
    assert obj.last == 2**16 - 1


def test_the_unsized_subscript_of_the_report(sf) -> None:
    """`swiggen check`'s finding: `Unsized()[2**32 + 2]` read v[2], `[2**31]` crashed."""
    for index in (2**32 + 2, 2**31, 2**63 - 1):
        with pytest.raises(IndexError):
            sf.Unsized()[index]
    assert sf.Unsized()[2] == 3.0
