// A library with deliberately unsafe functions, for tests/test_check.py: `swiggen check` must
// report each with the right class and a reproduction that fails the same way. No annotation
// makes any of them safe: these are the library's own bugs, not the wrapper's.
#pragma once

namespace unsafe {

/// Safe: twice its argument.
long long twice(int n);

/// Dereferences a null pointer for a negative n (SIGSEGV).
int deref(int n);

/// Loops forever for a negative n.
int spin(int n);

/// Aborts for 0 (SIGABRT).
void must_be_nonzero(int n);

/// Leaks 4 KiB on every call.
int leak(int n);

/// Reads one int past the end of a heap block: harmless to the eye, a report under ASan.
int past_end(int n);

/// A safe class.
class Counter {
public:
    explicit Counter(int start = 0) : value_(start) {}
    void add(int n) { value_ += n; }
    int value() const { return value_; }

private:
    int value_;
};

}  // namespace unsafe
