#include "templates.h"

namespace tpl {

Real mean(const RealList& values) {
    if (values.empty()) return 0;
    Real s = 0;
    for (Real v : values) s += v;
    return s / static_cast<Real>(values.size());
}

}  // namespace tpl
