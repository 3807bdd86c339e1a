#pragma once
#include <string>
namespace t_defaults {
inline std::string join(int x = -1, double y = 1e3, const char* s = "a,b", bool b = !false) {
    return std::to_string(x) + "|" + std::to_string(static_cast<int>(y)) + "|" + s + "|" + (b ? "t" : "f");
}
enum class Unit { Meter, Foot };
inline int measure(Unit u = Unit::Foot, unsigned n = 2u * 3u) { return static_cast<int>(u) * 100 + static_cast<int>(n); }
}  // namespace t_defaults
