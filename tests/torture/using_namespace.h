#pragma once
#include <string>
namespace t_usingns {
using namespace std;
inline string greet(const string& who) { return "hi " + who; }
}  // namespace t_usingns
