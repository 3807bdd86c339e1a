#pragma once
#include <cstddef>
#include <initializer_list>
#include <string>
namespace t_types {
struct Mixed {
    volatile int vol = 1;
    mutable int cache = 2;
    wchar_t wide = L'w';
    char16_t u16 = u'x';
    alignas(16) double aligned = 3.0;
};
inline bool is_null(std::nullptr_t) { return true; }
inline int count(std::initializer_list<int> xs) { return static_cast<int>(xs.size()); }  // expect SG335
inline std::size_t sized(int v = sizeof(long)) { return static_cast<std::size_t>(v); }
}  // namespace t_types
