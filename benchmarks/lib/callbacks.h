// The callback benchmark's library (benchmarks/callbacks.py): a C++ loop calling a callable.
#pragma once
#include <functional>

namespace cbench {
/// Calls f(i) for i in [0, n) and sums the results.
long long sum_calls(const std::function<long long(long long)> &f, long long n);
/// A C++ function of the callable's signature (swiggen passes it without Python in between).
long long identity(long long i);
/// The same through a C callback with user data.
long long sum_c(long long (*f)(void *user, long long i), void *user, long long n);
}  // namespace cbench
