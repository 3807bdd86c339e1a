#pragma once
#include <string>
#include <variant>
namespace t_variant {
inline int variant_which(std::variant<bool, int, double, std::string> v) {
  return static_cast<int>(v.index());
}
inline int variant_reversed(const std::variant<double, int>& v) {
  return static_cast<int>(v.index());
}
inline std::variant<std::monostate, int, std::string> variant_make(int which) {
  if (which == 0) return {};
  if (which == 1) return 7;
  return std::string("seven");
}
}  // namespace t_variant
