#pragma once
#include <cstddef>
namespace t_templates {
/// swiggen: template(Buf4, double, 4), template(Buf2, int, 2)
template <class T, std::size_t N = 4>
struct Buf {
    T items[N] = {};
    std::size_t size() const { return N; }
    T get(std::size_t i) const { return items[i]; }
    void set(std::size_t i, T v) { items[i] = v; }
};
/// swiggen: template(Pair, int)
template <class A, class B = A>
struct Duo {
    A first{};
    B second{};
};
template <int N> int scaled(int v) { return v * N; }  // swiggen: template(triple, 3)
}  // namespace t_templates
