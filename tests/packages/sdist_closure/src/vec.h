// The one header listed in pyproject.toml; the others reach the sdist through its includes.
#pragma once
#include <cstddef>
#include <vector>

#include "detail.h"

namespace vec {

// how much total() scales by: from detail.h, which takes it from detail/impl.h
constexpr double kScale = detail::kScale;

struct Stats {
  std::size_t count = 0;
  double sum = 0;
};

// the sum of the array's items, times detail::kScale
double total(const double* xs, std::size_t n);

// n copies of value, as a numpy array
std::vector<double> filled(double value, std::size_t n);  // swiggen: numpy

// the array's count and sum
Stats summary(const double* xs, std::size_t n);

}  // namespace vec
