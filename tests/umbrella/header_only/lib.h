// The library's umbrella header: everything is in parts/.
#pragma once
#include <string>
#include "parts/shapes.h"
#include "parts/world.h"
