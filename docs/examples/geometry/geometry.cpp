#include "geometry.h"

#include <cmath>

namespace geo {
double circle_area(double r, int precision) {
    double scale = std::pow(10.0, precision);
    return std::round(3.141592653589793 * r * r * scale) / scale;
}
double legacy_area(double r) { return 3.14 * r * r; }
}  // namespace geo
