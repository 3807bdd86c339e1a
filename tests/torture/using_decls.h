#pragma once
namespace t_using {
struct Base {
    int f(int v) const { return v; }
    int g() const { return 1; }
};
struct Derived : Base {
    using Base::f;  // expect SG341
    int f(double v) const { return static_cast<int>(v * 2); }
    static_assert(sizeof(int) >= 2, "int");
};
}  // namespace t_using
