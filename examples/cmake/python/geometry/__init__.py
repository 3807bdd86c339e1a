"""geometry: a CMake-built C++ library and its swiggen bindings (examples/cmake)."""

from .shapes import Circle, Rect, Shape, scale, total_square_area

__all__ = ["Circle", "Rect", "Shape", "scale", "total_square_area"]
