"""Free functions: behaviour of the generated module (tests/cases/functions)."""

from __future__ import annotations


import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def fn(case_module):  # type: ignore[no-untyped-def]
    return case_module("functions")


def test_plain_call_and_namespace_flattening(fn) -> None:
    assert fn.add(2, 3) == 5
    assert fn.depth() == 2


def test_deleted_functions_are_not_wrapped(fn) -> None:
    assert fn.add(a=2, b=3) == 5  # the deleted overload did not make `add` an overload set
    with pytest.raises(TypeError):
        fn.add(2.5, 1.0)  # no double overload: the int one rejects floats
    assert not hasattr(fn, "never")


def test_keyword_named_function_gets_a_trailing_underscore(fn) -> None:
    assert fn.lambda_(3) == -3
    assert fn.lambda_(x=4) == -4
    assert not hasattr(fn, "_lambda")


def test_keyword_named_parameter_is_a_keyword_argument_with_underscore(fn) -> None:
    assert fn.shift(from_=3, by=2) == 5  # as the stub spells it
    assert fn.shift(4) == 5


def test_default_arguments(fn) -> None:
    assert fn.scale(1.5) == 3.0
    assert fn.scale(1.5, 3.0) == 4.5
    assert fn.scale(1.0, 2.0, 3) == 8.0
    assert fn.greet("Ada") == "Hello, Ada!"


def test_keyword_arguments(fn) -> None:
    assert fn.scale(1.0, times=3) == 8.0
    assert fn.scale(x=1.0, factor=10.0) == 10.0
    assert fn.greet(name="Bo", greeting="Hi") == "Hi, Bo!"
    with pytest.raises(TypeError):
        fn.scale(1.0, speed=2)
    with pytest.raises(TypeError):
        fn.add(1, a=2)


def test_overload_dispatch_by_python_type(fn) -> None:
    assert fn.pick(4) == 5
    assert fn.pick(4.0) == 2.0
    assert fn.pick("x") == "<x>"
    assert fn.count_args(1) == 2 and fn.count_args(1, 2) == 2 and fn.count_args("s") == 1
    with pytest.raises(TypeError):
        fn.pick([1])


def test_scalar_conversions_are_checked(fn) -> None:
    assert fn.big(2**40) == 2**41
    assert fn.nonneg(7) == 7
    with pytest.raises(OverflowError):
        fn.nonneg(-1)
    with pytest.raises(OverflowError):
        fn.add(2**40, 1)
    with pytest.raises(TypeError):
        fn.add("1", 2)
    with pytest.raises(TypeError):
        fn.add(1.5, 2)
    assert fn.negate(True) is False
    assert fn.halve(3.0) == 1.5
    assert fn.first_char("zeta") == "z"
    assert fn.c_name() == "fn"


def test_strings_round_trip_unicode(fn) -> None:
    assert fn.greet("Zoë", greeting="Grüß dich") == "Grüß dich, Zoë!"
    with pytest.raises(TypeError):
        fn.greet(3)


class _Text(str):
    pass


def test_str_arguments_exact_or_not_convert_the_same(fn) -> None:
    # an exact str is read from its UTF-8 cache into a stack std::string; a subclass, bytes
    # and the rest take SWIG's conversion: both give the same text, NULs and all
    for name in ("Ada", "a\x00b", "Zoë €𝄞", "x" * 10_000):
        expected = f"Hello, {name}!"
        assert fn.greet(name) == expected
        assert fn.greet(_Text(name)) == expected
        assert fn.greet(name, _Text("Hello")) == expected
    assert type(fn.greet(_Text("x"))) is str
    # one str used twice in one call, and the str outlives nothing it lent
    s = "twice"
    assert fn.greet(s, s) == "twice, twice!"


def test_str_arguments_that_are_not_text_are_refused(fn) -> None:
    with pytest.raises(TypeError, match="greet"):
        fn.greet(None)
    with pytest.raises(TypeError, match="greet"):
        fn.greet("ok", greeting=1.5)
    # a lone surrogate has no UTF-8: a ValueError naming the argument and the codec's reason,
    # no stray error left behind
    with pytest.raises(ValueError, match=r"greet\(\) argument 'name'.*surrogates not allowed"):
        fn.greet("\udcff")
    assert fn.greet("after") == "Hello, after!"


def test_noexcept_function(fn) -> None:
    assert fn.plain_noexcept(4) == -4


def test_void_function_and_state(fn) -> None:
    assert fn.set_counter(41) is None
    assert fn.counter() == 41


def test_docstrings(fn) -> None:
    assert fn.add.__doc__.startswith("Add two integers.")
    assert "Namespaces are flattened" in fn.depth.__doc__


def test_deleted_overload_is_not_wrapped(fn) -> None:
    assert fn.only_int(v=3) == 9  # not an overload set: keyword arguments work
    with pytest.raises(TypeError):
        fn.only_int(1.5)


def test_mutable_char_pointer_is_a_str(fn) -> None:
    assert fn.scratch_text() == "scratch"


def test_signatures_for_help_and_inspect(fn) -> None:
    import inspect

    sig = inspect.signature(fn.scale)
    assert str(sig) == "(x, factor=2.0, times=1)"
    assert sig.parameters["factor"].default == 2.0
    assert str(inspect.signature(fn.greet)) == "(name, greeting='Hello')"
    assert str(inspect.signature(fn.c_name)) == "()"
    assert fn.scale.__doc__ == "Scale `x` by `factor`, `times` times."  # signature not repeated
    # an overload set: the first overload's signature; its docstring lists them all, with types
    # and results
    assert list(inspect.signature(fn.pick).parameters) == ["x"]
    assert fn.pick.__doc__.splitlines()[:3] == [
        "pick(x: int) -> int", "pick(x: float) -> float", "pick(s: str) -> str"]
    assert list(inspect.signature(fn.count_args).parameters) == ["a", "b"]
    assert inspect.signature(fn.count_args).parameters["b"].default == 1


# -- argument errors in Python's terms (interfaces/python/errors.swg) --------------------------

def message(call, *args, **kwargs) -> tuple[str, str]:  # type: ignore[no-untyped-def]
    """The exception `call(*args, **kwargs)` raises: its type's name and its message."""
    with pytest.raises(Exception) as e:
        call(*args, **kwargs)
    return type(e.value).__name__, str(e.value)


def test_argument_errors_name_the_python_parameter_and_types(fn) -> None:
    assert message(fn.add, 1, "x") == (
        "TypeError", "add() argument 'b' (position 2) must be int, not str")
    assert message(fn.scale, None) == (
        "TypeError", "scale() argument 'x' (position 1) must be float, not None")
    assert message(fn.greet, 3) == (
        "TypeError", "greet() argument 'name' (position 1) must be str, not int")
    assert message(fn.shift, 1, by="2") == (
        "TypeError", "shift() argument 'by' (position 2) must be int, not str")
    assert message(fn.lambda_, [1]) == (
        "TypeError", "lambda_() argument 'x' (position 1) must be int, not list")


def test_keyword_and_count_errors_use_the_python_name(fn) -> None:
    assert message(fn.scale, 1.0, speed=2) == (
        "TypeError", "scale() got an unexpected keyword argument 'speed'")
    assert message(fn.add, 1, a=2) == (
        "TypeError", "add() got multiple values for argument 'a'")
    assert message(fn.add, 1) == ("TypeError", "add() missing required argument 'b' (pos 2)")
    assert message(fn.add, 1, 2, 3) == ("TypeError", "add() takes at most 2 arguments (3 given)")
    assert message(fn.pick, 1, 2) == ("TypeError", "pick() takes at most 1 argument (2 given)")


def test_overload_set_lists_every_signature_and_the_types_passed(fn) -> None:
    assert message(fn.pick, [1]) == ("TypeError", """\
pick(): incompatible function arguments. The following argument types are supported:
    1. pick(x: int) -> int
    2. pick(x: float) -> float
    3. pick(s: str) -> str

Invoked with types: list""")
    assert message(fn.count_args, 1, "2")[1].endswith("""\
    1. count_args(a: int, b: int = 1) -> int
    2. count_args(s: str) -> int

Invoked with types: int, str""")
    assert message(fn.count_args)[1].endswith("\n\nInvoked with no arguments")
    # by keyword (swig/kwdispatch.py): the same list, the keywords named
    assert fn.pick(x=1) == 2 and fn.pick(s="a") == "<a>"
    assert message(fn.pick, x="a")[1].endswith("\n\nInvoked with types: x=str")


def test_number_edge_cases_convert_as_python_converts(fn) -> None:
    # a too-large int for a double is an OverflowError, as float(10**400) is
    assert message(fn.scale, 10**400) == (
        "OverflowError", "scale() argument 'x' (position 1) out of range for C++ double: "
        "an int of 401 digits")
    assert fn.scale(2**80, 1.0) == float(2**80)
    assert message(fn.halve, 1e300) == (
        "OverflowError", "halve() argument 'f' (position 1) out of range for C++ float: 1e+300")
    assert message(fn.nonneg, -1) == (
        "OverflowError", "nonneg() argument 'v' (position 1) out of range for C++ unsigned "
        "int: -1")
    assert message(fn.big, 2**70) == (
        "OverflowError", "big() argument 'v' (position 1) out of range for C++ long long: "
        "1180591620717411303424")
    # a char is a str of one character: an empty one is a TypeError, not '\0'
    assert fn.char_code("A") == 65
    assert message(fn.char_code, "") == (
        "TypeError", "char_code() argument 'c' (position 1) must be a str of one character, "
        "not a str of length 0")
    assert message(fn.char_code, "ab")[1].endswith("not a str of length 2")


def test_importing_the_module_does_not_import_typing(fn) -> None:
    # SWIG writes `import typing` into the module and never uses it: swiggen drops the line
    # (a fifth of a large module's import time)
    import subprocess
    import sys
    from pathlib import Path

    folder = str(Path(fn.__file__).parent)
    probe = (f"import sys; sys.path.insert(0, {folder!r}); import {fn.__name__}; "
             "print('typing' in sys.modules)")
    proc = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "False"
