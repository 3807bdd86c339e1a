#include "vec.h"

#include "vec_impl.h"

namespace vec {

double total(const double* xs, std::size_t n) { return impl::add_up(xs, n) * detail::kScale; }

std::vector<double> filled(double value, std::size_t n) { return std::vector<double>(n, value); }

Stats summary(const double* xs, std::size_t n) { return Stats{n, impl::add_up(xs, n)}; }

}  // namespace vec
