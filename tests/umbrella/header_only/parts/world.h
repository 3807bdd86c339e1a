#pragma once
#include "shapes.h"
namespace lib { inline double area(const Shape& s) { return 3.0 * s.r * s.r; } }
