"""C++ exceptions -> Python exceptions (tests/cases/exceptions)."""

from __future__ import annotations

import errno

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def ex(case_module):  # type: ignore[no-untyped-def]
    return case_module("exceptions")


STANDARD = [
    ("OutOfRange", IndexError, "boom"),
    ("InvalidArgument", ValueError, "boom"),
    ("DomainError", ValueError, "boom"),
    ("LengthError", ValueError, "boom"),
    ("OverflowError", OverflowError, "boom"),
    ("RangeError", ValueError, "boom"),
    ("BadAlloc", MemoryError, "bad_alloc"),
    ("IosFailure", OSError, "boom"),
    ("LogicError", RuntimeError, "boom"),
    ("RuntimeError", RuntimeError, "boom"),
    ("Exception", RuntimeError, "exception"),
    ("Int", RuntimeError, r"unknown C\+\+ exception"),
]


@pytest.mark.parametrize(("kind", "pytype", "message"), STANDARD)
def test_standard_exceptions_map_by_most_derived_type(ex, kind, pytype, message) -> None:
    with pytest.raises(pytype, match=message) as info:
        ex.raise_std(getattr(ex.Kind, kind))
    if pytype is RuntimeError:  # not a subclass that happens to match
        assert type(info.value) is RuntimeError


def test_system_error_carries_errno(ex) -> None:
    with pytest.raises(OSError) as info:
        ex.raise_std(ex.Kind.SystemErrno)
    assert info.value.errno == errno.ENOENT
    assert "boom" in str(info.value)
    with pytest.raises(OSError, match="boom") as other:
        ex.raise_std(ex.Kind.SystemOther)
    assert other.value.errno is None


def test_custom_exception_hierarchy(ex) -> None:
    assert issubclass(ex.DegenerateError, RuntimeError)
    assert issubclass(ex.ZeroAreaError, ex.DegenerateError)
    assert issubclass(ex.SlotError, IndexError)
    assert ex.DegenerateError.__doc__ == "The geometry is degenerate."
    with pytest.raises(ex.DegenerateError, match="boom") as info:
        ex.raise_std(ex.Kind.Custom)
    assert type(info.value) is ex.DegenerateError
    assert (info.value.code, info.value.shape) == (3, "triangle")
    with pytest.raises(ex.ZeroAreaError) as derived:  # most-derived first
        ex.raise_std(ex.Kind.CustomDerived)
    assert (derived.value.code, derived.value.area) == (7, 0.0)
    with pytest.raises(RuntimeError):  # catchable as its Python base
        ex.raise_std(ex.Kind.Custom)


def test_integer_fields_keep_their_value_at_the_ends_of_their_range(ex) -> None:
    """uint64 max is 2**64 - 1, not -1 (the fields once went through `long long`)."""
    with pytest.raises(ex.RangeFailure, match="^range failure$") as info:
        ex.raise_range()
    assert isinstance(info.value, ValueError)
    e = info.value
    assert (e.biggest, e.smallest, e.u32) == (2**64 - 1, -2**63, 2**32 - 1)
    assert e.wide == ex.Wide.Max == 2**64 - 1


def test_class_typed_field_is_a_copy_of_the_wrapped_class(ex) -> None:
    with pytest.raises(ex.DegenerateError) as info:
        ex.raise_std(ex.Kind.Custom)
    where = info.value.where
    assert isinstance(where, ex.Where)
    assert (where.line, where.column) == (3, 6)
    where.line = 99  # the exception's own copy: nothing else changes
    assert info.value.where.line == 99
    with pytest.raises(ex.ZeroAreaError) as derived:  # inherited from DegenerateError
        ex.raise_std(ex.Kind.CustomDerived)
    assert (derived.value.where.line, derived.value.where.column) == (7, 14)
    with pytest.raises(RuntimeError):  # catchable as its Python base
        ex.raise_std(ex.Kind.Custom)


def test_throws_directive_for_one_declaration(ex) -> None:
    with pytest.raises(OSError, match="cannot open /nope"):  # IOError is OSError
        ex.load("/nope")
    with pytest.raises(ex.SlotError, match="no such slot"):
        ex.check_slot(1)
    with pytest.raises(ex.SlotError, match="negative slot"):  # invalid_argument is a logic_error
        ex.check_slot(-1)


def test_members_constructors_operators_subscripts_setters(ex) -> None:
    with pytest.raises(ValueError, match="negative size"):
        ex.Guarded(-1)
    g = ex.Guarded(3)
    with pytest.raises(ex.DegenerateError, match="zero"):
        g.method(0)
    with pytest.raises(OverflowError, match="static zero"):
        ex.Guarded.smethod(0)
    with pytest.raises(ValueError, match="too long"):
        g + ex.Guarded(9)
    assert (g + ex.Guarded(1)).value() == 4
    with pytest.raises(RuntimeError, match="slot 1 is broken"):
        g[1]
    assert g[2] == 2
    h = ex.Holder()
    h.item = ex.make_checked(5)
    assert h.item.v == 5
    negative = ex.make_checked(-1)  # returned by copy construction: operator= is not called
    assert negative.v == -1
    with pytest.raises(ValueError, match="negative Checked"):
        h.item = negative  # the field's setter runs operator=, inside the guard
    assert h.item.v == 5


def test_noexcept_function_unguarded_still_works(ex) -> None:
    assert ex.safe(1) == 2


@pytest.mark.rss
@pytest.mark.cpython_only  # PyPy's GC lets garbage pile up to its next collection: RSS grows
def test_thousands_of_mixed_throws_survive_without_memory_growth(ex) -> None:
    import resource

    def churn(rounds: int) -> None:
        for _ in range(rounds):
            for kind in ex.Kind:
                try:
                    ex.raise_std(kind)
                except (RuntimeError, ValueError, IndexError, OverflowError, MemoryError,
                        OSError):
                    pass

    churn(200)  # warm up allocator pools
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    churn(1000)  # 16,000 throws
    growth_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before
    assert growth_kib < 2048, f"max RSS grew by {growth_kib} KiB over 16,000 throws"


def test_exception_class_not_derived_from_std_exception(ex) -> None:
    """`exception(message=GetMsg, base=ValueError)`: caught by its own type, most-derived
    first, its message from the method, its fields as attributes."""
    assert issubclass(ex.ParseFailure, ValueError)
    assert issubclass(ex.TokenFailure, ex.ParseFailure)
    assert issubclass(ex.CodeError, RuntimeError) and not issubclass(ex.CodeError, ValueError)
    with pytest.raises(ex.ParseFailure, match="^unexpected end$") as info:
        ex.parse(0)
    assert type(info.value) is ex.ParseFailure and info.value.pos == 2
    with pytest.raises(ex.TokenFailure, match=r"^bad token \+\*$") as token:
        ex.parse(1)
    assert (token.value.pos, token.value.token) == (4, "+*")
    with pytest.raises(ex.CodeError, match="^code error$") as code:
        ex.parse(2)
    assert code.value.code == 5
    assert ex.parse(7) == 7


def test_unknown_exception_names_its_type(ex) -> None:
    with pytest.raises(RuntimeError, match=r"unknown C\+\+ exception was thrown: exc::Unmarked "
                       r"\(not derived from std::exception; .*exception\(message=METHOD\)"):
        ex.parse(3)
    with pytest.raises(RuntimeError, match="thrown: double"):
        ex.parse(4)
