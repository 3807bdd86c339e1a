// Legal C++14-20 that SWIG's own parser rejects: swiggen gives SWIG a copy it reads
// (generator/swiggen/swigtext.py) and the declarations work from Python.
#pragma once

#include <compare>
#include <string>
#include <vector>

namespace geo {

struct Point {
    double x = 0, y = 0;
};

enum class Unit { Metre, Foot };

// deduced return types: plain, reference, pointer, decltype(auto), trailing decltype(auto)
class Track {
  public:
    auto count() const { return points_.size(); }
    const auto& points() const { return points_; }
    auto* first() { return points_.empty() ? nullptr : &points_[0]; }  // swiggen: borrowed
    decltype(auto) last_x() { return (points_.back().x); }
    auto label() const -> decltype(auto) { return std::string("track"); }
    auto add(double x, double y);
    static auto make() { return Track{}; }

  private:
    std::vector<Point> points_;
};

inline auto Track::add(double x, double y) {
    points_.push_back({x, y});
    return points_.size();
}

inline auto centre(const Point& a, const Point& b) { return Point{(a.x + b.x) / 2, (a.y + b.y) / 2}; }

// C++20 keywords and forms
consteval int limit() { return 1'000; }
constexpr long big = 1'000'000;
constinit inline int counter = 3;

struct alignas(16) Vec4 {
    float v[4] = {1, 2, 3, 4};
};

struct Length {
    explicit(true) Length(double metres) : metres(metres) {}
    double metres;
    using enum Unit;
    double in(Unit u = Metre) const { return u == Foot ? metres / 0.3048 : metres; }
};

struct Flags {
    unsigned ready : 1 = 1;
    unsigned level : 3 = 5;
};

struct Version {
    int major = 0, minor = 0;
    auto operator<=>(const Version&) const = default;  // <, <=, >, >=, ==, != in Python
};

inline long double operator""_km(long double v) { return v * 1000; }  // expect SG330

}  // namespace geo
