"""Run by cibuildwheel on each wheel, installed in a fresh environment (pyproject.toml)."""

import numpy as np

import geometry

assert abs(geometry.circle_area(1.0) - 3.141592653589793) < 1e-12
points = geometry.circle_points(4)
assert isinstance(points, np.ndarray) and points.shape == (8,)
square = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]])
assert geometry.perimeter(square) == 4.0
try:
    geometry.perimeter(np.zeros((3, 3)))
except ValueError as exc:  # std::invalid_argument
    print("rejected:", exc)
print("geometry wheel OK")
