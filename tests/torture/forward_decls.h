#pragma once
namespace t_forward {
enum class Phase : int;
struct Impl;
struct Handle {
    int id = 3;
};
enum class Phase : int { Start = 1, Stop = 2 };
inline Phase first() { return Phase::Start; }
int use(const Handle& h);
inline int use(const Handle& h) { return h.id; }
}  // namespace t_forward
