// The wrapped library of the setup.py-style sample project.
#pragma once
#include <string>
#include <vector>

namespace geo {

/// What a shape is.
enum class Kind { Round = 1, Square = 2 };

/// Area of a circle of radius r.
double area(double r);

/// Every value times GEOM_SCALE (a define_macros entry of setup.py).
std::vector<double> doubled(const std::vector<double>& values);

/// A circle.
class Circle {
public:
    explicit Circle(double r);
    double area() const;
    Kind kind() const { return Kind::Round; }
    std::string name() const;

private:
    double r_;
};

}  // namespace geo
