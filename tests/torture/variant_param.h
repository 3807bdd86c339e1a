#pragma once
#include <variant>
namespace t_variant {
inline int variant_index(std::variant<int, double> v) { return static_cast<int>(v.index()); }
}  // namespace t_variant
