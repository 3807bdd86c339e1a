"""cJSON from Python, the way its C users use it: parse, walk, create, print, delete.

    sh examples/cjson/build.sh && PYTHONPATH=examples/cjson/out python examples/cjson/usage.py

Ownership follows cJSON's rules (the deleter/newobject/disown annotations in cjson.toml): a tree returned by cJSON_Parse or a
cJSON_Create* function belongs to Python, which calls cJSON_Delete on it exactly once; an item
added to a parent belongs to the parent; cJSON_Print's text is freed after it is copied into a str.
"""

import cjson as J

TEXT = '{"name": "sensor-7", "readings": [[1, 2.5], [2, 3.0], [3, null]], "tags": ["a", "b"]}'

root = J.cJSON_Parse(TEXT)
if root is None:
    raise SystemExit(f"parse error near: {J.cJSON_GetErrorPtr()!r}")

print("name:", J.cJSON_GetStringValue(J.cJSON_GetObjectItem(root, "name")))
readings = J.cJSON_GetObjectItem(root, "readings")
print("readings:", J.cJSON_GetArraySize(readings))
row = readings.child  # walk the linked list, like cJSON_ArrayForEach
while row is not None:
    t, v = J.cJSON_GetArrayItem(row, 0), J.cJSON_GetArrayItem(row, 1)
    value = J.cJSON_GetNumberValue(v) if J.cJSON_IsNumber(v) else None
    print(f"  t={t.valueint} value={value}")
    row = row.next

# Create a document with nested arrays; items added to a parent are the parent's.
report = J.cJSON_CreateObject()
J.cJSON_AddStringToObject(report, "source", "sensor-7")
matrix = J.cJSON_AddArrayToObject(report, "matrix")  # owned by report
for r in ([1, 2, 3], [4, 5, 6]):
    J.cJSON_AddItemToArray(matrix, J.cJSON_CreateIntArray(r))
summary = J.cJSON_CreateObject()
J.cJSON_AddNumberToObject(summary, "count", 3)
J.cJSON_AddItemToObject(report, "summary", summary)  # summary now belongs to report
print(J.cJSON_PrintUnformatted(report))
print(J.cJSON_Print(report))

# Edit: replace and detach. A detached item is Python's again.
J.cJSON_ReplaceItemInObject(report, "source", J.cJSON_CreateString("sensor-8"))
detached = J.cJSON_DetachItemFromObject(report, "matrix")
print("detached:", J.cJSON_PrintUnformatted(detached))
print("report:", J.cJSON_PrintUnformatted(report))

# Round trip: parse what was printed and compare structurally.
copy = J.cJSON_Parse(J.cJSON_PrintUnformatted(report))
assert J.cJSON_Compare(copy, report, True)
