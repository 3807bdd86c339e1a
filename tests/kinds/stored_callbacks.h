// A C callback the library keeps past the call that registers it (HDF5's
// `H5Eset_auto2(estack, func, client_data)`, an error handler called on a later error): with no
// `until=` the Python callable is kept for the rest of the process, not for the call; a callback
// only called during the call (a visit) is not kept.
#pragma once

typedef int (*kc_handler_fn)(void *user, int code);
namespace kc {
inline kc_handler_fn &kc_fn() { static kc_handler_fn f = nullptr; return f; }  // swiggen: ignore
inline void *&kc_user() { static void *u = nullptr; return u; }  // swiggen: ignore
}
inline void kc_set_handler(kc_handler_fn fn, void *user) { kc::kc_fn() = fn; kc::kc_user() = user; }
inline int kc_fail(int code) { return kc::kc_fn() ? kc::kc_fn()(kc::kc_user(), code) : -1; }
/// Runs `fn` later (zmq_threadstart starts a thread that calls it): here, kc_join() calls it.
inline void kc_threadstart(kc_handler_fn fn, void *user) { kc::kc_fn() = fn; kc::kc_user() = user; }
inline int kc_join(int code) { return kc::kc_fn() ? kc::kc_fn()(kc::kc_user(), code) : -1; }
inline int kc_visit(int n, int (*visit)(void *ctx, int i), void *ctx) {
    int sum = 0;
    for (int i = 0; i < n; ++i) sum += visit(ctx, i);
    return sum;
}
