#pragma once
namespace t_bitfields {
enum class Mode : unsigned char { Off, On, Auto };
struct Packed {
    unsigned a : 1;
    signed b : 4;
    bool flag : 1;
    Mode mode : 2;
    unsigned long long wide : 40;
};
}  // namespace t_bitfields
