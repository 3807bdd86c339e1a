"""Use the bundled example module the way a user would (run by the README's first command)."""

import example

s = example.MyStruct()
s.id, s.name, s.samples = 7, "gizmo", [1.5, 2.5]
s.color = example.Color.Blue
print(example.describe(s), "| color:", repr(s.color))

v = example.Vector([1.0, 2.0, 3.0])
v.add(4.0)
print("Vector", v.values(), "size", v.size(), "sum", v.sum(), "dot", example.Vector.dot(v, v))
print("round_to(3.14159, digits=3) =", example.round_to(3.14159, digits=3))
print("trace(identity(4)) =", example.trace(example.identity(4)))
try:
    example.checked_sqrt(-1.0)
except ValueError as exc:
    print("checked_sqrt(-1) raised ValueError:", exc)
