#pragma once
namespace t_valops {
struct Vec2 {
    double x = 0, y = 0;
    Vec2() = default;
    Vec2(double x_, double y_) : x(x_), y(y_) {}
    Vec2 operator+(const Vec2& o) const { return {x + o.x, y + o.y}; }
    Vec2 operator-(const Vec2& o) const { return {x - o.x, y - o.y}; }
    Vec2 operator*(double k) const { return {x * k, y * k}; }
    bool operator==(const Vec2& o) const { return x == o.x && y == o.y; }
    bool operator!=(const Vec2& o) const { return !(*this == o); }
    bool operator<(const Vec2& o) const { return x < o.x || (x == o.x && y < o.y); }
    double operator[](int i) const { return i == 0 ? x : y; }
    int operator<<(int bits) const { return static_cast<int>(x) << bits; }
};
}  // namespace t_valops
