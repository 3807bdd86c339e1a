"""geometry: a C++ library's bindings, made by swiggen when the wheel is built."""

from geometry.geom import circle_area, circle_points, perimeter

__all__ = ["circle_area", "circle_points", "perimeter"]
