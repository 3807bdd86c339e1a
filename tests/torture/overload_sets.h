#pragma once
#include <string>
namespace t_overloads {
inline int kind(int) { return 1; }
inline int kind(double) { return 2; }
inline int kind(const std::string&) { return 3; }
inline int kind(bool) { return 4; }
inline int text(const char*) { return 5; }
inline int text(const std::string&, int times) { return 6 + times; }
}  // namespace t_overloads
