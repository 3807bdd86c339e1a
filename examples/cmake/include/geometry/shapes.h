// shapes.h: a small C++ library built by CMake (a static library), wrapped by swiggen.
#pragma once

#include <string>
#include <vector>

#include "geometry/units.h"

namespace geometry {

/// A shape with an area.
class Shape {
public:
    virtual ~Shape() = default;
    /// The area, in square units.
    virtual double area() const = 0;
    virtual std::string name() const = 0;
};

class Circle : public Shape {
public:
    /// A circle of radius `r` (raises ValueError when negative).
    explicit Circle(double r);
    double area() const override;
    std::string name() const override { return "circle"; }
    double radius() const { return r_; }

private:
    double r_;
};

class Rect : public Shape {
public:
    Rect(double w, double h);
    double area() const override;
    std::string name() const override { return "rect"; }

private:
    double w_, h_;
};

/// The sum of the areas of `sides` squares.
double total_square_area(const std::vector<double>& sides);

/// The library's scale (units.h).
inline double scale() { return kScale; }

}  // namespace geometry
