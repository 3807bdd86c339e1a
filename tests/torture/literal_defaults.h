#pragma once
#include <string>
// Every kind of literal as a default argument, C++14 digit separators included (SWIG's lexer
// reads `1'000` as a character literal: it is given the header without them).
namespace t_literals {
constexpr long kMillion = 1'000'000;
constexpr int kBits = 0b1010'0101;
inline std::string lits(int hex = 0x1F, int bin = 0b101, int oct = 017, long sep = 1'000,
                        char ch = 'q', float f = 1.5f, unsigned long long big = 10ull,
                        const char* p = nullptr, double e = -2.5e-1) {
    return std::to_string(hex) + "," + std::to_string(bin) + "," + std::to_string(oct) + "," +
           std::to_string(sep) + "," + ch + "," + std::to_string(f).substr(0, 3) + "," +
           std::to_string(big) + "," + (p ? p : "null") + "," + std::to_string(e).substr(0, 5);
}
inline long seps(long a = 0x7'F, double b = 1'0.5, unsigned c = 0'17u, char q = 'x') {
    return a + static_cast<long>(b * 10) + c + q;
}
}  // namespace t_literals
