#pragma once
#include <climits>
#include <cstdint>
namespace t_extremes {
inline long long ll_min() { return LLONG_MIN; }
inline long long ll_max() { return LLONG_MAX; }
inline unsigned long long ull_max() { return ULLONG_MAX; }
inline unsigned long long ull_echo(unsigned long long v) { return v; }
inline long long ll_echo(long long v) { return v; }
inline std::int8_t i8_echo(std::int8_t v) { return v; }
inline std::uint16_t u16_echo(std::uint16_t v) { return v; }
inline short short_echo(short v) { return v; }
}  // namespace t_extremes
