#include "point.h"

#include <cmath>

double geo::norm(const Point& p) { return std::sqrt(p.x * p.x + p.y * p.y); }
