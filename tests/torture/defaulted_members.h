#pragma once
namespace t_defaulted {
struct Plain {
    int a = 1;
    double b = 2.5;
    Plain() = default;
    Plain(const Plain&) = default;
    Plain& operator=(const Plain&) = default;
    ~Plain() = default;
};
inline Plain plain_copy(const Plain& p) { Plain q = p; q.a += 1; return q; }
}  // namespace t_defaulted
