// Included by detail.h, one folder down.
#pragma once

namespace vec::impl {
constexpr double kFactor = 1.5;
}  // namespace vec::impl
