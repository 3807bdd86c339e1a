#pragma once
#include <memory>
#include <string>
namespace t_move {
class Token {
public:
    explicit Token(std::string s = "tok") : s_(new std::string(std::move(s))) {}
    Token(Token&&) = default;
    Token& operator=(Token&&) = default;
    std::string text() const { return *s_; }

private:
    std::unique_ptr<std::string> s_;
};
inline Token make_token(const std::string& s) { return Token(s); }
inline std::string read(const Token& t) { return t.text(); }
}  // namespace t_move
