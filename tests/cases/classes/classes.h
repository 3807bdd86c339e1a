// Classes and structs: fields, constructors, methods, static and const methods, inheritance.
#pragma once
#include <string>

namespace shapes {

/// A point in the plane.
struct Point {
    double x = 0.0;
    double y = 0.0;
    const int dims = 2;          ///< read-only: a const field
    static int created;          ///< a static data member
};

/// Base class of all shapes.
class Shape {
public:
    virtual ~Shape() = default;
    /// The area of the shape.
    virtual double area() const = 0;
    std::string name() const { return name_; }
    void set_name(const std::string& n) { name_ = n; }
    static int count() { return live_; }

protected:
    Shape() { ++live_; }
    std::string name_ = "shape";
    static int live_;
};

class Circle : public Shape {
public:
    Circle();
    explicit Circle(double r);
    Circle(double r, const std::string& name);
    double area() const override;
    double radius() const { return r_; }
    void grow(double by = 1.0) { r_ += by; }
    /// A circle with unit radius.
    static Circle unit() { return Circle(1.0); }
    Circle(const Circle&) = default;

private:
    double r_ = 0.0;
};

/// Cannot be copied: SWIG must not try to.
class Token {
public:
    explicit Token(int id) : id_(id) {}
    Token(const Token&) = delete;
    Token& operator=(const Token&) = delete;
    int id() const { return id_; }
    /// A method named like a Python keyword: `is_` in Python (PEP 8), overloads included.
    bool is(int other) const { return id_ == other; }
    bool is(const std::string& other) const { return std::to_string(id_) == other; }
    /// A rename directive wins over the keyword rule.
    bool in(int lo, int hi) const { return lo <= id_ && id_ < hi; }  // swiggen: rename(within)

private:
    int id_;
};

/// Return a point moved by (dx, dy).
Point translate(const Point& p, double dx, double dy);
double distance(const Point& a, const Point& b);
double total_area(const Shape& a, const Shape& b);

}  // namespace shapes

/// Two modules define a `Shared` struct: each must keep its own.
struct Shared { int from_classes = 1; };
Shared make_shared_value();
