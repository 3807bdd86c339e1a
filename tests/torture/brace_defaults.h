#pragma once
#include <string>
#include <vector>
namespace t_brace {
inline std::string brace_join(std::string s = {}, std::vector<int> v = {}, int n = {}) {
    return s + ":" + std::to_string(v.size()) + ":" + std::to_string(n);
}
}  // namespace t_brace
