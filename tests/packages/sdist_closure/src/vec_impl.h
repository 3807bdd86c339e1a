// Included by vec.cpp only: the sdist has it because the compiler's -MM lists it.
#pragma once
#include <cstddef>

namespace vec::impl {
inline double add_up(const double* xs, std::size_t n) {
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) sum += xs[i];
  return sum;
}
}  // namespace vec::impl
