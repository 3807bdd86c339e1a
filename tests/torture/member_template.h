#pragma once
namespace t_membtpl {
struct Conv {
    template <class T> T twice_of(T v) const { return v + v; }  // swiggen: template(twice_int, int), template(twice_real, double)
};
}  // namespace t_membtpl
