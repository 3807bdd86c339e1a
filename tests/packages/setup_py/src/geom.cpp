#include "geom.h"

namespace geo {

double area(double r) { return 3.0 * r * r; }

std::vector<double> doubled(const std::vector<double>& values) {
    std::vector<double> out;
    for (double v : values) out.push_back(v * GEOM_SCALE);
    return out;
}

Circle::Circle(double r) : r_(r) {}
double Circle::area() const { return geo::area(r_); }
std::string Circle::name() const { return "circle"; }

}  // namespace geo
