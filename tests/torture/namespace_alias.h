#pragma once
namespace t_long_namespace_name {
struct Token2 { int id = 9; };
}  // namespace t_long_namespace_name
namespace t_nsalias {
namespace tl = t_long_namespace_name;
inline int token_id(const tl::Token2& t) { return t.id + 1; }
inline tl::Token2 make_token2() { return tl::Token2{}; }
}  // namespace t_nsalias
