#pragma once
namespace t_enumalias {
enum class Dup { First = 1, Alias = 1, Second = 2 };
inline int dup_value(Dup d) { return static_cast<int>(d); }
}  // namespace t_enumalias
