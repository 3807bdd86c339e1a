// Module `geom` wraps Point; module `shapes` (shapes.h) uses it through --import geom.i.
#pragma once

namespace g {
/// A point, wrapped by the geom module only.
struct Point {
    double x = 0;
    double y = 0;
};
}  // namespace g
