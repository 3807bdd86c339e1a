#pragma once
#include <tuple>
namespace t_tuple {
inline std::tuple<int, double, bool> triple_tuple() { return {1, 2.5, true}; }
}  // namespace t_tuple
