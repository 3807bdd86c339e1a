#pragma once
#include <optional>
#include <string>
namespace t_optional {
inline std::optional<int> parse_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    return std::nullopt;
}
inline std::optional<std::string> lookup_name(int id) {
    if (id == 1) return std::string("one");
    return std::nullopt;
}
inline int or_default(std::optional<int> v) { return v.value_or(-1); }
}  // namespace t_optional
