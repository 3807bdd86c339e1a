#pragma once
#include "point.hpp"
namespace geo { struct Shape { Point at; }; }
