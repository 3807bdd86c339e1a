#include "containers.h"

namespace box {

double sum(const std::vector<double>& values) {
    double s = 0;
    for (double v : values) s += v;
    return s;
}
std::vector<int> range(int n) {
    std::vector<int> out;
    for (int i = 0; i < n; ++i) out.push_back(i);
    return out;
}
std::vector<std::string> split(const std::string& text, char sep) {
    std::vector<std::string> out(1);
    for (char c : text) {
        if (c == sep) out.emplace_back();
        else out.back() += c;
    }
    return out;
}
std::string join(const std::vector<std::string>& parts, const std::string& sep) {
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? sep : "") + parts[i];
    return out;
}
std::vector<bool> flags(const std::vector<bool>& in) {
    std::vector<bool> out;
    for (bool b : in) out.push_back(!b);
    return out;
}
std::vector<std::uint8_t> bytes_up(std::vector<std::uint8_t> in) {
    for (auto& b : in) b = static_cast<std::uint8_t>(b + 1);
    return in;
}
std::vector<std::int64_t> twice(const std::vector<std::int64_t>& in) {
    std::vector<std::int64_t> out;
    for (auto v : in) out.push_back(v * 2);
    return out;
}
std::vector<float> empty_floats() { return {}; }
std::size_t count(const std::vector<double>& v) { return v.size(); }
std::size_t count(const std::vector<std::string>& v) { return v.size() * 100; }
int total(const Record& r) {
    int t = 0;
    for (int s : r.scores) t += s;
    return t;
}

}  // namespace box
