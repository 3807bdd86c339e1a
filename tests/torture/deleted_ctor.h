#pragma once
namespace t_ctors {
struct Explicit {
    Explicit() = delete;
    explicit Explicit(int v) : v(v) {}
    int v;
};
struct Defaulted {
    Defaulted() = default;
    Defaulted(int a, int b = 2) : sum(a + b) {}
    int sum = 0;
};
class Hidden {
    Hidden() = default;

public:
    static Hidden make() { return Hidden(); }
    int v = 7;
};
}  // namespace t_ctors
