#pragma once
#include <stdexcept>
namespace t_noexcept {
inline int cheap() noexcept(true) { return 1; }
inline int maybe(int v) noexcept(sizeof(int) == 4) { return v; }
template <class T> struct Holder {  // swiggen: template(IntHolder, int)
    T v{};
    T get() const noexcept(noexcept(T())) { return v; }
};
inline int throws(int v) noexcept(false) {
    if (v < 0) throw std::invalid_argument("negative");
    return v;
}
}  // namespace t_noexcept
