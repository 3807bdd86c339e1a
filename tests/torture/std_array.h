#pragma once
#include <array>
namespace t_stdarray {
inline std::array<int, 3> triple_of(int v) { return {v, v * 2, v * 3}; }
inline double arr_sum(const std::array<double, 2>& a) { return a[0] + a[1]; }
}  // namespace t_stdarray
