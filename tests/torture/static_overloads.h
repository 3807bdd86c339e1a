#pragma once
#include <string>
namespace t_static_ovl {
struct Maker {
    static int build(int v) { return v; }
    static int build(int a, int b) { return a * b; }
    static std::string build(const std::string& s) { return s + "!"; }
    int inst(int v) const { return v + 100; }
};
}  // namespace t_static_ovl
