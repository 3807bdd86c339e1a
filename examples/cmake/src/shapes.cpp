#include "geometry/shapes.h"

#include <stdexcept>

namespace geometry {

Circle::Circle(double r) : r_(r) {
    if (r < 0) throw std::invalid_argument("Circle: negative radius");
}

double Circle::area() const { return 3.141592653589793 * r_ * r_ * kScale * kScale; }

Rect::Rect(double w, double h) : w_(w), h_(h) {}

double Rect::area() const { return w_ * h_ * kScale * kScale; }

double total_square_area(const std::vector<double>& sides) {
    double sum = 0;
    for (double s : sides) sum += s * s * kScale * kScale;
    return sum;
}

}  // namespace geometry
