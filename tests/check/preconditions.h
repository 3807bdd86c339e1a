// A C library whose crashes are its callers' broken preconditions, for tests/test_check.py:
// `swiggen check` must infer each (preconditions.py) and still count the genuine crash.
#pragma once

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A stack: pre_stack_init() sets it up; its constructor only zero-fills it.
typedef struct pre_stack {
    int *data;
    int size;
} pre_stack;
int pre_stack_init(pre_stack *s);
/// The top item: reads s->data, NULL in a zero-filled stack (SIGSEGV).
int pre_stack_top(const pre_stack *s);

/// An arena nothing here makes (opaque), so check cannot call pre_pool_init().
typedef struct pre_arena pre_arena;
typedef struct pre_pool {
    int *slots;
} pre_pool;
int pre_pool_init(pre_pool *p, pre_arena *arena);
/// The first slot: reads p->slots, NULL in a zero-filled pool (SIGSEGV).
int pre_pool_take(pre_pool *p);

/// assert(n >= 0): SIGABRT with glibc's "Assertion `n >= 0' failed." for a negative n.
int pre_checked(int n);

/// Exits with status 3 for a negative n, as its name says.
int pre_value_or_die(int n);

/// Reads a file; exits with status 4 when it cannot and errors_are_fatal is true.
int pre_read(const char *path, bool errors_are_fatal);

/// Sets the library up: pre_ready() aborts before it (libsodium's sodium_init()).
int pre_library_init(void);
/// n + 1, once the library is set up; abort() before.
int pre_ready(int n);

/// Says why on stderr and abort()s for a negative n, as Lua panics on an unprotected error.
int pre_panicky(int n);
/// Says why and aborts for a negative n as glog's LOG(FATAL) does: its message, then a stack
/// trace's banner and frames.
int pre_fatal(int n);
/// Aborts for a negative n after glibc's own "*** buffer overflow detected ***" (as a
/// _FORTIFY_SOURCE check does): the C runtime's message, a finding.
int pre_fortified(int n);
/// A genuine bug: frees its buffer twice for a negative n (glibc's "double free" abort).
int pre_twice(int n);

/// A genuine bug: dereferences NULL for n == 0.
int pre_lookup(int n);

/// A genuine bug that shows later: for a negative n it leaves pre_current() a NULL table,
/// which pre_current() then reads (SIGSEGV) in whatever probe calls it next.
void pre_poison(int n);
int pre_current(void);

#ifdef __cplusplus
}
#endif
