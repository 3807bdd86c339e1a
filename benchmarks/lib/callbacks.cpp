#include "callbacks.h"

namespace cbench {
long long sum_calls(const std::function<long long(long long)> &f, long long n) {
  long long total = 0;
  for (long long i = 0; i < n; ++i) total += f(i);
  return total;
}
long long identity(long long i) { return i; }
long long sum_c(long long (*f)(void *user, long long i), void *user, long long n) {
  long long total = 0;
  for (long long i = 0; i < n; ++i) total += f(user, i);
  return total;
}
}  // namespace cbench
namespace cbench {
long long sum_virtual(Handler &handler, long long n) {
  long long total = 0;
  for (long long i = 0; i < n; ++i) total += handler.handle(i);
  return total;
}
}  // namespace cbench
