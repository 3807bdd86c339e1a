#pragma once
namespace t_flagops {
enum class Flag : unsigned { Empty = 0, A = 1, B = 2 };
inline Flag operator|(Flag x, Flag y) { return static_cast<Flag>(static_cast<unsigned>(x) | static_cast<unsigned>(y)); }
inline unsigned flag_bits(Flag f) { return static_cast<unsigned>(f); }
}  // namespace t_flagops
