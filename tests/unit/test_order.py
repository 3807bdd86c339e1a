"""lower/order.py: headers ordered by their #includes, stable otherwise."""

from __future__ import annotations

from swiggen.lower.order import order_headers
from swiggen.model import Header


def _h(name: str, *includes: str) -> Header:
    return Header(path=name, include=name, real=f"/r/{name}",
                  includes=tuple(f"/r/{i}" for i in includes))


def _names(headers: list[Header]) -> list[str]:
    return [h.path for h in order_headers(headers)]


def test_included_headers_come_first_transitively() -> None:
    # all.h includes everything (as yaml.h does), node.h includes type.h
    given = [_h("all.h", "node.h", "type.h", "mark.h"), _h("node.h", "type.h", "mark.h"),
             _h("mark.h"), _h("type.h")]
    assert _names(given) == ["mark.h", "type.h", "node.h", "all.h"]


def test_unrelated_headers_keep_the_given_order() -> None:
    assert _names([_h("b.h"), _h("a.h"), _h("c.h")]) == ["b.h", "a.h", "c.h"]


def test_headers_including_each_other_keep_the_given_order() -> None:
    assert _names([_h("a.h", "b.h"), _h("b.h", "a.h")]) == ["a.h", "b.h"]
    assert _names([_h("b.h", "a.h"), _h("a.h", "b.h"), _h("c.h", "a.h")]) == \
        ["b.h", "a.h", "c.h"]
