// The callback benchmark's library (benchmarks/callbacks.py): a C++ loop calling a callable, or
// a virtual that a Python subclass overrides.
#pragma once
#include <functional>

namespace cbench {
/// Calls f(i) for i in [0, n) and sums the results.
long long sum_calls(const std::function<long long(long long)> &f, long long n);
/// A C++ function of the callable's signature (swiggen passes it without Python in between).
long long identity(long long i);
/// The same through a C callback with user data.
long long sum_c(long long (*f)(void *user, long long i), void *user, long long n);

/// An interface Python implements (pybind11 and nanobind: a hand-written trampoline).
class Handler {  // swiggen: overridable
 public:
  Handler() = default;
  virtual ~Handler() = default;
  virtual long long handle(long long i) = 0;
};
/// Calls handler.handle(i) for i in [0, n) and sums the results.
long long sum_virtual(Handler &handler, long long n);
}  // namespace cbench
