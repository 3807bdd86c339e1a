#pragma once
#include <string>
#include <utility>
namespace t_pair {
inline std::pair<int, int> divmod_pair(int a, int b) { return {a / b, a % b}; }
inline std::pair<std::string, double> labelled(double v) { return {"v", v}; }
inline int pair_sum(const std::pair<int, int>& p) { return p.first + p.second; }
}  // namespace t_pair
