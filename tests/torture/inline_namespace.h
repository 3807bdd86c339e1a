#pragma once
namespace t_inline {
inline namespace v2 {
inline int version() { return 2; }
struct Config {
    int level = 2;
};
}  // namespace v2
namespace v1 {
inline int version() { return 1; }  // expect SG334
}
inline int level(const Config& c) { return c.level; }
}  // namespace t_inline
