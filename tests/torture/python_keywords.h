#pragma once
namespace t_pykw {
inline int lambda(int v) { return v + 1; }
inline int pass(int v) { return v + 2; }
struct Yield {
    int from = 4;
    int print() const { return from * 2; }
};
}  // namespace t_pykw
