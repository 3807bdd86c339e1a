// Included by vec.h, not listed anywhere: the sdist has it because the parse read it.
#pragma once
#include "detail/impl.h"

namespace vec::detail {
constexpr double kScale = impl::kFactor * 2;
}  // namespace vec::detail
