#pragma once
#include <limits>
namespace t_floats {
inline float f_half(float v) { return v / 2; }
inline long double ld_twice(long double v) { return v * 2; }
inline double d_inf() { return std::numeric_limits<double>::infinity(); }
inline double d_nan() { return std::numeric_limits<double>::quiet_NaN(); }
inline bool is_nan(double v) { return v != v; }
}  // namespace t_floats
