#pragma once
#include <map>
#include <string>
#include <vector>
namespace t_nested {
// containers of containers convert (convert.swg)
inline std::vector<std::vector<int>> grid(int n) { return std::vector<std::vector<int>>(n, std::vector<int>(n, 1)); }
inline std::map<std::string, std::vector<int>> table() { return {{"a", {1, 2}}}; }
inline int total(const std::vector<std::vector<int>>& g) {  // expect SG334
    int s = 0;
    for (const auto& row : g)
        for (int v : row) s += v;
    return s;
}
// containers of pointers: no typemap converts them (SWIG would hand Python an opaque object)
inline double nested_weight = 1.5;
inline std::map<std::string, double*> weights() { return {{"w", &nested_weight}}; }  // expect SG336
inline std::vector<const int*> pointers() { return {}; }  // expect SG336
}  // namespace t_nested
