// Namespace-scope variables: constants are module attributes, variables live ones.
#pragma once
#include <string>

namespace gv {

const int ANSWER = 42;
constexpr double PI = 3.14159;
static const bool ENABLED = true;
inline constexpr long long BIG = 1LL << 40;
const char* const GREETING = "hello";
const std::string NAME = "swiggen";
extern const int LIMIT;  // defined in globals.cpp

enum Mode { Slow, Fast };
const Mode DEFAULT_MODE = Fast;

namespace Messages {
const char* const NOT_FOUND = "not found";  // namespaces are flattened: gv.NOT_FOUND
}

/// How many times bump() ran.
extern int counter;
extern double ratio;
extern std::string label;
extern const char* current;  // the pointer may change, the text is C++'s: read-only
extern int serial;           // swiggen: readonly
extern int hits;             // swiggen: rename(hit_count)
extern int internal_state;   // swiggen: ignore
extern const int TABLE[3];   // arrays are not wrapped (SG301)
static int per_unit = 0;     // a copy per translation unit: not wrapped (SG301)

void bump();
int read_counter();
std::string read_label();
void advance_current();

}  // namespace gv
