// An umbrella one of whose headers does not parse alone: parts/uses_vector.h uses std::vector
// and relies on this umbrella having included <vector> first (as pqxx/internal/* do).
#pragma once
#include <vector>
#include "parts/ok.h"
#include "parts/uses_vector.h"
