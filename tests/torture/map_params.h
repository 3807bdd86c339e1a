#pragma once
#include <map>
#include <string>
namespace t_maps {
inline int map_total(const std::map<std::string, int>& m) {
    int s = 0;
    for (const auto& kv : m) s += kv.second;
    return s;
}
inline std::map<std::string, int> map_lengths(const std::map<std::string, std::string>& m) {
    std::map<std::string, int> out;
    for (const auto& kv : m) out[kv.first] = static_cast<int>(kv.second.size());
    return out;
}
}  // namespace t_maps
