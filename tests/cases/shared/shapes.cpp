#include "shapes.h"

namespace s {
double norm2(const g::Point& p) { return p.x * p.x + p.y * p.y; }
g::Point origin() { return g::Point(); }
double length2(const Segment& seg) {
    g::Point d{seg.b.x - seg.a.x, seg.b.y - seg.a.y};
    return norm2(d);
}
}  // namespace s
