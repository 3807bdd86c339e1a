#include "macros.h"

namespace mac {

int answer() noexcept { return 42; }
int scaled(int x) { return x * 10; }
int local(int x) { return x; }
int extra() { return 1; }
int old_answer() { return 41; }
Counter::Counter() : n_(0) {}
int Counter::next() noexcept { return ++n_; }

}  // namespace mac
