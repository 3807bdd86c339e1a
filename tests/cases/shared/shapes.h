// Uses geom's Point without wrapping it again.
#pragma once
#include "geom.h"

namespace s {
double norm2(const g::Point& p);
g::Point origin();
/// A segment between two points of the geom module.
struct Segment {
    g::Point a;
    g::Point b;
};
double length2(const Segment& seg);
}  // namespace s
