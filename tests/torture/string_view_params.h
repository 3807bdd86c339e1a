#pragma once
#include <string>
#include <string_view>
namespace t_sv {
inline std::size_t sv_length(std::string_view s) { return s.size(); }
inline std::string sv_upper_first(std::string_view s) {
    std::string out(s);
    if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 32);
    return out;
}
inline bool sv_starts(std::string_view s, std::string_view prefix = "ab") { return s.substr(0, prefix.size()) == prefix; }
}  // namespace t_sv
