#pragma once
namespace t_using {
struct Base {
    int f(int v) const { return v; }
    int g() const { return 1; }
};
struct Derived : Base {
    using Base::f;  // Base::f(int) joins Derived's f (parse/usings.py)
    int f(double v) const { return static_cast<int>(v * 2); }
    static_assert(sizeof(int) >= 2, "int");
};
}  // namespace t_using
