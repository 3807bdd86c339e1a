#include "alpha.h"

namespace alpha {

std::string platform() { return ALPHA_PLATFORM; }
int add(int a, int b) { return a + b; }
int hidden() { return 42; }

}  // namespace alpha
