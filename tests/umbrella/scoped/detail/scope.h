#pragma once
#include <cassert>
#define SCOPED_ASSERT(x) assert(x)
