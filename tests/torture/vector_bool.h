#pragma once
#include <vector>
namespace t_vbool {
inline std::vector<bool> parity(int n) { std::vector<bool> v; for (int i = 0; i < n; ++i) v.push_back(i % 2 == 0); return v; }
inline int count_true(const std::vector<bool>& v) { int c = 0; for (bool b : v) c += b; return c; }
}  // namespace t_vbool
