#pragma once
namespace t_deleted {
int twice(int v);
int twice(double) = delete;
inline int twice(int v) { return 2 * v; }
struct Only {
    Only() = default;
    int take(int v) { return v; }
    int take(bool) = delete;
    Only(const Only&) = delete;
};
}  // namespace t_deleted
