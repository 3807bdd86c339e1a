// Second module: header-only.
#pragma once

#include "cœur/alpha.h"

namespace beta {

/// Twice a length from the alpha module (beta imports alpha: one shared type).
inline alpha::Meters doubled(const alpha::Meters& m) { return alpha::Meters{2 * m.value}; }

/// Three times x.
inline double triple(double x) { return 3 * x; }

}  // namespace beta
