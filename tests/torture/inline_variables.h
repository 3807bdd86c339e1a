#pragma once
#include <string>
namespace t_inlinevars {
inline constexpr double kGolden = 1.618;
inline const std::string kGreeting = "hello";
inline int g_ticks = 7;
inline int bump_ticks() { return ++g_ticks; }
}  // namespace t_inlinevars
