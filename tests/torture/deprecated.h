#pragma once
namespace t_deprecated {
[[deprecated("use modern()")]] inline int legacy() { return 1; }
inline int modern() { return 2; }
struct [[deprecated]] Old {
    int v = 3;
};
struct New {
    [[deprecated]] int old_field = 4;
    [[nodiscard]] int keep() const { return 5; }
};
}  // namespace t_deprecated
