// Types of the library, included by stdtypes.h but not wrapped (not on the command line).
#pragma once
#include <map>
#include <string>
#include <vector>

typedef int int32;
using Real = double;
typedef std::vector<double> Samples;
namespace lib {
typedef std::map<std::string, int> Counts;
using Name = std::string;
}  // namespace lib
