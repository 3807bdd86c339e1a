#pragma once
#include <stddef.h>
#include "geo/point.hpp"
#include "geo/shape.hpp"
