#include "geometry.h"

#include <cmath>
#include <stdexcept>

namespace geo {

double circle_area(double r) { return 3.141592653589793 * r * r; }

double perimeter(const double* xy, std::size_t n, std::size_t dims) {
  if (dims != 2) throw std::invalid_argument("perimeter: corners must be (x, y) rows");
  double total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    std::size_t j = (i + 1) % n;
    total += std::hypot(xy[2 * j] - xy[2 * i], xy[2 * j + 1] - xy[2 * i + 1]);
  }
  return total;
}

std::vector<double> circle_points(std::size_t n) {
  std::vector<double> out;
  for (std::size_t i = 0; i < n; ++i) {
    double a = 2 * 3.141592653589793 * double(i) / double(n);
    out.push_back(std::cos(a));
    out.push_back(std::sin(a));
  }
  return out;
}

}  // namespace geo
