#pragma once
#include <set>
#include <string>
namespace t_sets {
inline std::set<int> unique_of(int a, int b, int c) { return {a, b, c}; }
inline int set_size(const std::set<std::string>& s) { return static_cast<int>(s.size()); }
}  // namespace t_sets
