#include "safety.h"

namespace sf {
Opaque::Opaque() : priv(new Priv) {}
Opaque::~Opaque() { delete priv; }
}  // namespace sf
