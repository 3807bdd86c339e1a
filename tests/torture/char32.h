#pragma once
namespace t_wide {
inline int u32_code(char32_t c) { return static_cast<int>(c); }
inline char32_t u32_next(char32_t c) { return c + 1; }
}  // namespace t_wide
