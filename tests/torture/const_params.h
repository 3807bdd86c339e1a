#pragma once
namespace t_constparams {
inline int cp_add(const int a, const long b) { return static_cast<int>(a + b); }
inline double cp_scale(const double& v, const float k) { return v * k; }
inline int cp_volatile(volatile int v) { return v * 2; }
inline int cp_ptr(const int* const p) { return p ? *p : -1; }  // expect SG312
}  // namespace t_constparams
