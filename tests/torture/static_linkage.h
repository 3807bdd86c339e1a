#pragma once
namespace t_staticlink {
static int internal_fn() { return 4; }
static inline int internal_inline() { return 5; }
inline int uses_internal() { return internal_fn() + internal_inline(); }
}  // namespace t_staticlink
