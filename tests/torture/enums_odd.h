#pragma once
namespace t_enums {
enum class Sign : signed char { Minus = -1, Zero = 0, Plus = 1 };
enum Color { Red, Green };
enum class Light { Red, Green, Amber = 10 };  // the same member names in a scoped enum
inline int value(Sign s) { return static_cast<int>(s); }
inline Light next(Light l) { return l == Light::Red ? Light::Green : Light::Red; }
inline Sign flip(Sign s) { return static_cast<Sign>(-static_cast<int>(s)); }
}  // namespace t_enums
