#pragma once
#include <cstring>
namespace t_chararr {
inline int carr_len(const char s[]) { return static_cast<int>(std::strlen(s)); }
}  // namespace t_chararr
