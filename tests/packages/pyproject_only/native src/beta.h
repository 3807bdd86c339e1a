// Second module: header-only.
#pragma once

namespace beta {

/// Three times x.
inline double triple(double x) { return 3 * x; }

}  // namespace beta
