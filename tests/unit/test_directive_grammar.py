"""The directive grammar and table (generator/swiggen/parse/annotations.py)."""

from __future__ import annotations

import pytest

from swiggen.parse.annotations import DIRECTIVES, is_identifier, parse_directives, split_top_level
from swiggen.diagnostics import Diagnostics, Loc

LOC = Loc("h.h", 3)


def parse(text: str) -> tuple[list[str], list[str]]:
    diags = Diagnostics()
    found = parse_directives(text, LOC, diags)
    return [str(d) for d in found], [f"{d.code} {d.message}" for d in diags.items]


def test_split_respects_brackets() -> None:
    assert split_top_level("a, f(b, c), V<d, e>, w[1, 2]") == ["a", "f(b, c)", "V<d, e>",
                                                               "w[1, 2]"]


def test_directives_with_and_without_arguments() -> None:
    ok, errors = parse("rename(area), ignore")
    assert ok == ["rename(area)", "ignore"] and errors == []
    ok, errors = parse("template(PairIS, std::pair<int, std::string>)")
    assert ok == ["template(PairIS, std::pair<int, std::string>)"] and errors == []


@pytest.mark.parametrize(("text", "code"), [
    ("", "SG204"),
    ("frobnicate", "SG201"),
    ("rename()", "SG202"),
    ("rename(a, b)", "SG202"),
    ("template()", "SG202"),  # an operator template takes template(Args...)
    ("rename(a", "SG204"),
    ("rename(a) x", "SG204"),
    ("ignore,, rename(a)", "SG204"),
])
def test_malformed_lists_are_located_errors(text: str, code: str) -> None:
    ok, errors = parse(text)
    assert errors and errors[0].startswith(code)


def test_unknown_directive_lists_the_valid_ones() -> None:
    diags = Diagnostics()
    parse_directives("frobnicate", LOC, diags)
    (d,) = diags.items
    assert str(d).startswith("h.h:3: error SG201: unknown directive 'frobnicate'")
    for name in DIRECTIVES:
        assert name in d.hint


def test_identifiers_exclude_keywords() -> None:
    assert is_identifier("area") and is_identifier("_x1")
    assert not is_identifier("class") and not is_identifier("1abc") and not is_identifier("a-b")


def test_every_directive_has_an_example_that_parses() -> None:
    for spec in DIRECTIVES.values():
        payload = spec.example.split("swiggen:", 1)[1]
        ok, errors = parse(payload)
        assert errors == [] and ok and ok[0].startswith(spec.name), spec.name
