#include "classes.h"

#include <cmath>

namespace shapes {

int Point::created = 0;
int Shape::live_ = 0;

Circle::Circle() = default;
Circle::Circle(double r) : r_(r) {}
Circle::Circle(double r, const std::string& name) : r_(r) { name_ = name; }
double Circle::area() const { return 3.0 * r_ * r_; }

Point translate(const Point& p, double dx, double dy) {
    Point q;
    q.x = p.x + dx;
    q.y = p.y + dy;
    return q;
}
double distance(const Point& a, const Point& b) { return std::hypot(a.x - b.x, a.y - b.y); }
double total_area(const Shape& a, const Shape& b) { return a.area() + b.area(); }

}  // namespace shapes

Shared make_shared_value() { return Shared(); }
