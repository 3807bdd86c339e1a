"""parse/traits.layout_extent: how many elements of one type a class's data members are."""

from __future__ import annotations

import pytest

from swiggen.parse.traits import layout_extent


@pytest.mark.parametrize("types, n", [
    (["T", "T", "T"], 3),  # Imath's Vec3<T>
    (["float [4]"], 4),  # a private array
    (["double", "double [2]"], 3),  # members and an array of the same type
    (["int", "double"], 0),  # two types
    (["T", ""], 0),  # a bit-field or an anonymous union
    (["float [2][2]"], 0),  # two dimensions
    ([], 0),  # no data
])
def test_layout_extent(types: list[str], n: int) -> None:
    assert layout_extent(types) == n
