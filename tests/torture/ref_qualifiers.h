#pragma once
#include <string>
#include <utility>
namespace t_refqual {
class Text {
public:
    explicit Text(std::string s = "t") : s_(std::move(s)) {}
    const std::string& str() const& { return s_; }
    std::string str() && { return std::move(s_); }
    auto length() const -> std::size_t { return s_.size(); }

private:
    std::string s_;
};
}  // namespace t_refqual
