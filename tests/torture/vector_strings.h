#pragma once
#include <string>
#include <vector>
namespace t_vecstr {
inline std::vector<std::string> split_words(const std::string& s) {
    std::vector<std::string> out(1);
    for (char c : s) {
        if (c == ' ') out.emplace_back(); else out.back() += c;
    }
    return out;
}
inline std::string join_words(const std::vector<std::string>& v) {
    std::string out;
    for (const auto& w : v) out += (out.empty() ? "" : "+") + w;
    return out;
}
}  // namespace t_vecstr
