#pragma once
namespace t_chars {
inline char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 32) : c; }
inline int code(unsigned char c) { return c; }
inline signed char neg(signed char c) { return static_cast<signed char>(-c); }
inline const char* maybe_text(bool yes) { return yes ? "yes" : nullptr; }
}  // namespace t_chars
