// A function pointer typedef with an attribute (glog's `logging_fail_func_t`, noreturn): GCC
// makes it a template argument of its own that mangles like the plain pointer type, so the
// converter is keyed by the pointer type as the lowering spells it, once.
#pragma once

namespace nr {
typedef void (*fail_fn)() __attribute__((noreturn));
inline fail_fn &fail_slot() { static fail_fn f = nullptr; return f; }  // swiggen: ignore
inline void install_fail(fail_fn f) { fail_slot() = f; }
inline bool has_fail() { return fail_slot() != nullptr; }
inline void reset_fail() { fail_slot() = nullptr; }
inline void flush_all() {}
}
