#pragma once
#include <string_view>
namespace t_svres {
inline std::string_view sv_static_name(int i) { return i ? "one" : "zero"; }
}  // namespace t_svres
