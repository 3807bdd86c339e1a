#include "globals.h"

namespace gv {

const int LIMIT = 7;
int counter = 0;
double ratio = 0.5;
std::string label = "start";
const char* current = "first";
int serial = 100;
int hits = 3;
int internal_state = 0;
const int TABLE[3] = {1, 2, 3};

void bump() { ++counter; ++serial; }
int read_counter() { return counter; }
std::string read_label() { return label; }
void advance_current() { current = "second"; }

}  // namespace gv
