"""examples/cjson: cJSON wrapped from its installed, unmodified header (Debian libcjson-dev).

Parse, walk, create and print JSON with nested arrays; ownership (cJSON_Delete exactly once,
printed text freed, items added to a parent no longer Python's); a 10,000-cycle stress loop with
flat memory.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from swiggen import owned

from example_build import EXAMPLES, load_example, run_python, stress

pytestmark = pytest.mark.compile


@pytest.fixture(scope="session")
def example(build_root: Path):  # type: ignore[no-untyped-def]
    return load_example("cjson", build_root)


@pytest.fixture(scope="session")
def J(example):  # type: ignore[no-untyped-def]
    return example[0]


DOC = '{"name": "grid", "rows": [[1, 2, [3, 4]], [], [5.5, null, true]], "meta": {"ok": false}}'


def to_py(J, item):  # type: ignore[no-untyped-def]
    """Walk a cJSON tree the C way (type flags, child/next links) into Python values."""
    if J.cJSON_IsObject(item):
        out, it = {}, item.child
        while it is not None:
            out[it.string] = to_py(J, it)
            it = it.next
        return out
    if J.cJSON_IsArray(item):
        out_list, it = [], item.child
        while it is not None:
            out_list.append(to_py(J, it))
            it = it.next
        return out_list
    if J.cJSON_IsString(item):
        return J.cJSON_GetStringValue(item)
    if J.cJSON_IsNumber(item):
        return J.cJSON_GetNumberValue(item)
    if J.cJSON_IsBool(item):
        return bool(J.cJSON_IsTrue(item))
    assert J.cJSON_IsNull(item)
    return None


def test_usage_script_runs(example) -> None:  # type: ignore[no-untyped-def]
    proc = run_python(EXAMPLES / "cjson" / "usage.py", example[1])
    assert proc.returncode == 0, proc.stderr
    assert '{"source":"sensor-7","matrix":[[1,2,3],[4,5,6]],"summary":{"count":3}}' in proc.stdout
    assert 'report: {"source":"sensor-8","summary":{"count":3}}' in proc.stdout


def test_parse_and_walk_nested_arrays(J) -> None:  # type: ignore[no-untyped-def]
    root = J.cJSON_Parse(DOC)
    assert to_py(J, root) == json.loads(DOC)
    rows = J.cJSON_GetObjectItem(root, "rows")
    assert J.cJSON_GetArraySize(rows) == 3
    inner = J.cJSON_GetArrayItem(J.cJSON_GetArrayItem(rows, 0), 2)
    assert [J.cJSON_GetNumberValue(J.cJSON_GetArrayItem(inner, i)) for i in range(2)] == [3, 4]
    assert J.cJSON_GetObjectItem(root, "missing") is None
    assert J.cJSON_GetArrayItem(rows, 99) is None


def test_parse_error_gives_none_and_error_position(J) -> None:  # type: ignore[no-untyped-def]
    assert J.cJSON_Parse('{"a": [1, 2,, 3]}') is None
    assert J.cJSON_GetErrorPtr().startswith(", 3]}")


def test_create_and_print_nested(J) -> None:  # type: ignore[no-untyped-def]
    root = J.cJSON_CreateObject()
    J.cJSON_AddStringToObject(root, "unit", "m/s²")
    grid = J.cJSON_AddArrayToObject(root, "grid")
    for row in ([1, 2], [3, 4]):
        J.cJSON_AddItemToArray(grid, J.cJSON_CreateIntArray(row))
    J.cJSON_AddItemToArray(grid, J.cJSON_CreateDoubleArray([0.5, 1.25]))
    empty = J.cJSON_CreateArray()
    J.cJSON_AddItemToArray(empty, J.cJSON_CreateArray())
    J.cJSON_AddItemToObject(root, "nested_empty", empty)
    J.cJSON_AddNullToObject(root, "none")
    J.cJSON_AddBoolToObject(root, "flag", True)
    text = J.cJSON_PrintUnformatted(root)
    assert json.loads(text) == {"unit": "m/s²", "grid": [[1, 2], [3, 4], [0.5, 1.25]],
                                "nested_empty": [[]], "none": None, "flag": True}
    pretty = J.cJSON_Print(root)
    assert "\n" in pretty and json.loads(pretty) == json.loads(text)
    assert J.cJSON_PrintBuffered(root, 16, False) == text


def test_round_trip_edit(J) -> None:  # type: ignore[no-untyped-def]
    root = J.cJSON_Parse(DOC)
    J.cJSON_ReplaceItemInObject(root, "name", J.cJSON_CreateString("grid-2"))
    rows = J.cJSON_GetObjectItem(root, "rows")
    J.cJSON_DeleteItemFromArray(rows, 1)
    J.cJSON_InsertItemInArray(rows, 0, J.cJSON_CreateIntArray([0]))
    meta = J.cJSON_DetachItemFromObject(root, "meta")
    assert owned(meta)  # detached: Python's again, deleted when dropped
    again = J.cJSON_Parse(J.cJSON_PrintUnformatted(root))
    assert J.cJSON_Compare(again, root, True)
    assert to_py(J, again) == {"name": "grid-2", "rows": [[0], [1, 2, [3, 4]], [5.5, None, True]]}
    copy = J.cJSON_Duplicate(again, True)
    assert owned(copy) and J.cJSON_Compare(copy, again, True)


def test_ownership_flags(J) -> None:  # type: ignore[no-untyped-def]
    root = J.cJSON_Parse("[1]")
    assert owned(root)  # a new tree: Python calls cJSON_Delete on it
    first = J.cJSON_GetArrayItem(root, 0)
    assert not owned(first)  # borrowed from root
    item = J.cJSON_CreateString("x")
    assert owned(item)
    J.cJSON_AddItemToArray(root, item)
    assert not owned(item)  # root owns it now: deleted once, with root
    assert J.cJSON_PrintUnformatted(root) == '[1,"x"]'
    gone = J.cJSON_CreateNumber(1)
    J.cJSON_Delete(gone)
    assert not owned(gone)  # explicitly deleted: Python will not delete it again


def test_borrowed_items_keep_their_tree_alive(J) -> None:  # type: ignore[no-untyped-def]
    root = J.cJSON_Parse('{"items": [10, 20], "name": "n"}')
    items = J.cJSON_GetObjectItem(root, "items")
    second = J.cJSON_GetArrayItem(items, 1)
    del root, items  # `second` keeps `items`, which keeps the tree, alive
    import gc

    gc.collect()
    assert second.valueint == 20


def test_tree_links_are_read_only(J) -> None:  # type: ignore[no-untyped-def]
    root = J.cJSON_Parse('{"a": 1}')
    for name in ("next", "child", "valuestring", "string"):
        with pytest.raises(AttributeError):
            setattr(root, name, None)
    assert "cJSON(" in repr(root)  # finite: `prev` (circular) is not followed


STRESS = r"""
import sys
import cjson as J
doc = '{"items": [' + ",".join(
    '{"id": %d, "tags": ["a", "b"], "m": [[1.5, 2], [3, [4, null]]]}' % i for i in range(40)) + ']}'

def cycle():
    root = J.cJSON_Parse(doc)
    item = J.cJSON_GetObjectItem(root, "items").child
    total = 0
    while item is not None:                     # walk
        total += J.cJSON_GetObjectItem(item, "id").valueint
        m = J.cJSON_GetObjectItem(item, "m")
        total += J.cJSON_GetArraySize(J.cJSON_GetArrayItem(m, 1))
        item = item.next
    extra = J.cJSON_CreateIntArray([1, 2, 3])   # create, hand to the tree
    J.cJSON_AddItemToObject(root, "extra", extra)
    text = J.cJSON_PrintUnformatted(root)       # printed text freed after copying
    return total + len(text)                    # root: cJSON_Delete when dropped
"""


def test_stress_10000_cycles_flat_memory(example) -> None:  # type: ignore[no-untyped-def]
    base, growth = stress(STRESS, example[1], warmup=1000, rounds=10000)
    print(f"cJSON stress: maxrss {base} KiB after warm-up, growth {growth} KiB over 10,000 cycles")
    # a leak of one printed document (~3 KB) or one tree per cycle would be > 30,000 KiB
    assert growth < 2048, f"maxrss grew by {growth} KiB over 10,000 cycles"
