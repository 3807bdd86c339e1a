"""examples/eigen: numpy arrays in, numpy arrays out, through functions written in Eigen."""

import numpy as np

import linalg

a = np.array([[4.0, 1.0], [2.0, 3.0]])
b = np.array([1.0, 2.0])
x = linalg.solve(a, b)  # a copy of a and b in, the result moved out (no copy)
print("solve:", x, "check:", np.allclose(a @ x, b))

c = linalg.matmul(a, a.T)  # a.T is viewed in place (Ref<const>)
print("matmul:", c.tolist())

m = np.asfortranarray(np.ones((2, 3)))
linalg.scale(m, 2.5)  # written through: no copy
print("scaled in place:", m.tolist())
try:
    linalg.scale(np.ones((2, 3)), 2.0)  # C order cannot be written through
except ValueError as e:
    print("ValueError:", e)

r = linalg.rotation_z(np.pi / 2)
print("rotation_z:", np.round(r @ [1.0, 0.0, 0.0], 12).tolist())
