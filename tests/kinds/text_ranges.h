// A text given by its two ends (jsoncpp's `Value::demand(const char *begin, const char *end)`):
// one str (or bytes) argument, read from its first byte to one past its last. Two separate
// strs never make a range: the callee read from one to the other across unrelated memory.
#pragma once
#include <string>

namespace trg {
inline std::string between(const char *begin, const char *end) { return std::string(begin, end); }
inline int count_in(const char *first, const char *last, char c) {
    int n = 0;
    for (; first != last; ++first) n += *first == c;
    return n;
}
class Finder {
public:
    Finder() = default;
    int width(const char *key_begin, const char *key_end) const {
        return static_cast<int>(key_end - key_begin);
    }
};
}  // namespace trg
