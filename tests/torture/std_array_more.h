#pragma once
#include <array>
#include <string>
namespace t_stdarray {
struct Rgb { std::array<unsigned char, 3> c{{1, 2, 3}}; };
inline std::array<std::string, 2> arr_names() { return {"a", "b"}; }
inline int arr_first(std::array<int, 4> a) { return a[0]; }
}  // namespace t_stdarray
