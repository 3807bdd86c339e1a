#pragma once
// Function TYPE typedefs (not pointer-to-function), as C libraries write callbacks (libyaml's
// yaml_read_handler_t, lmdb's MDB_cmp_func): the view spells them `typedef int NAME(params);`,
// and a `NAME *` parameter is a function pointer like any other.
#include "deps/function_types_dep.h"
namespace t_fntypes {
struct Visited { int v = 0; };
typedef int visit_fn(void *user, int value);
typedef int (visit_paren_fn)(void *user, int value);
using visit_alias = int(void *user, int value);
typedef visit_fn *visit_ptr;  // a pointer typedef of the function type
typedef int printf_like(const char *format, ...);
using item_visit = void(void *user, const Visited &item);
inline int each(int n, visit_fn *visit, void *user) {
    int s = 0;
    for (int i = 0; i < n; ++i) s += visit(user, i);
    return s;
}
inline int each_paren(int n, visit_paren_fn *visit, void *user) { return each(n, visit, user); }
inline int each_alias(int n, visit_alias *visit, void *user) { return each(n, visit, user); }
inline int each_ptr(int n, visit_ptr visit, void *user) { return each(n, visit, user); }
inline int each_dep(int n, t_dep_visit_fn *visit, void *user) { return each(n, visit, user); }
inline void visit_item(item_visit *visit, void *user, int v) { visit(user, Visited{v}); }
typedef int unary_fn(int);
inline int twice_of(int v) { return 2 * v; }
inline int call_unary(unary_fn *f, int v) { return f(v); }
struct OpHolder {
    unary_fn *op = nullptr;  // expect SG332
    int apply(int v) const { return op ? op(v) : -1; }
};
}  // namespace t_fntypes
