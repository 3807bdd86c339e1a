#pragma once
namespace t_attrs {
struct alignas(8) Aligned {
    [[maybe_unused]] int a = 1;
};
[[gnu::always_inline]] inline int fast(int v) { return v + 1; }
__attribute__((deprecated)) inline int old_style(int v) { return v - 1; }
[[nodiscard, deprecated("x")]] inline int both() { return 3; }
}  // namespace t_attrs
