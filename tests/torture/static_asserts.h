#pragma once
namespace t_sassert {
static_assert(sizeof(int) >= 4, "int is at least 32 bits");
struct Checked {
    static_assert(sizeof(double) == 8);
    int v = 8;
    int get() const { return v; }
};
static_assert(alignof(Checked) >= alignof(int));
inline int checked_size() { return static_cast<int>(sizeof(Checked)); }
}  // namespace t_sassert
