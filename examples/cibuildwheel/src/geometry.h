// geometry.h: the library of examples/cibuildwheel (its wheels: README.md).
#pragma once
#include <cstddef>
#include <vector>

namespace geo {

/// Area of a circle.
double circle_area(double r);

/// The perimeter of a polygon whose corners are rows of an (n, 2) array.
// swiggen: array(xy, n, dims)
double perimeter(const double* xy, std::size_t n, std::size_t dims);

/// n points evenly spaced on a unit circle, as an (n * 2) array: x0, y0, x1, y1, ...
std::vector<double> circle_points(std::size_t n);  // swiggen: numpy

}  // namespace geo
