#pragma once
#include <string>
namespace t_literals {
inline std::string lits(int hex = 0x1F, int bin = 0b101, int oct = 017, long sep = 1000L,
                        char ch = 'q', float f = 1.5f, unsigned long long big = 10ull,
                        const char* p = nullptr, double e = -2.5e-1) {
    return std::to_string(hex) + "," + std::to_string(bin) + "," + std::to_string(oct) + "," +
           std::to_string(sep) + "," + ch + "," + std::to_string(f).substr(0, 3) + "," +
           std::to_string(big) + "," + (p ? p : "null") + "," + std::to_string(e).substr(0, 5);
}
}  // namespace t_literals
