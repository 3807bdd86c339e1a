"""Macros from unwrapped headers (tests/cases/macros): SWIG reads the declarations as the compiler
does, because swiggen passes on the macros macros.h expands."""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.compile


@pytest.fixture(scope="module")
def mac(case_module):  # type: ignore[no-untyped-def]
    return case_module("macros")


def test_export_and_noexcept_macros(mac) -> None:
    assert mac.answer() == 42
    c = mac.Counter()
    assert (c.next(), c.next()) == (1, 2)


def test_macro_defaults_expand_through_other_macros(mac) -> None:
    assert mac.scaled() == 420  # MAC_DEFAULT_SCALE is (MAC_BASE * 2)
    assert mac.scaled(1) == 10
    assert mac.local() == 5


def test_conditional_declaration_follows_the_compiler(mac) -> None:
    assert mac.extra() == 1  # behind `#if MAC_HAS_EXTRA`, defined in macros_config.h


def test_function_like_macro(mac) -> None:
    assert mac.old_answer() == 41


def test_passed_on_macros_are_not_module_constants(mac) -> None:
    # %define, unlike #define, makes no constant: only the header's own MAC_LOCAL is one
    assert mac.MAC_LOCAL == 5
    for name in ("MAC_API", "MAC_BASE", "MAC_DEFAULT_SCALE", "MAC_HAS_EXTRA", "MAC_UNUSED_HERE"):
        assert not hasattr(mac, name)


def test_a_headers_constants_are_typed_in_the_stub(mac) -> None:
    values = {"MAC_LOCAL": 5, "MAC_MASK": 24, "MAC_RATIO": 1.5, "MAC_HALF": 0.5,
              "MAC_HEXFLOAT": 0.25, "MAC_VERSION": "1.2", "MAC_SEP": ","}
    stub = Path(mac.__file__).with_suffix(".pyi").read_text()
    for name, value in values.items():
        assert getattr(mac, name) == value and type(getattr(mac, name)) is type(value), name
        assert f"\n{name}: {type(value).__name__}\n" in stub, name
