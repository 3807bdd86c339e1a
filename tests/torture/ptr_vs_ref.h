#pragma once
namespace t_ptrref {
struct Node2 { int v = 1; };
inline int by_ptr(const Node2* n) { return n ? n->v : 0; }
inline int by_ref(const Node2& n) { return n.v + 10; }
inline int overl(int v) { return 1; }
inline int overl(long long v) { return 2; }
}  // namespace t_ptrref
