#pragma once
namespace t_outp {
// swiggen: out(q, r)
inline void divide(int a, int b, int* q, int* r) { *q = a / b; *r = a % b; }
// swiggen: out(half)
inline bool halve(int v, double* half) { *half = v / 2.0; return v % 2 == 0; }
}  // namespace t_outp
