#pragma once
namespace t_constdefs {
constexpr int kDefaultSpeed = 30;
struct Caps {
    static constexpr int kCap = 90;
};
inline int limit(int v = kDefaultSpeed, int cap = Caps::kCap) { return v < cap ? v : cap; }
}  // namespace t_constdefs
