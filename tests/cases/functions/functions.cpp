#include "functions.h"

namespace fn {

static int g_counter = 0;

int add(int a, int b) { return a + b; }
int lambda(int x) { return -x; }
int shift(int from, int by) { return from + by; }
double scale(double x, double factor, int times) {
    for (int i = 0; i < times; ++i) x *= factor;
    return x;
}
std::string greet(const std::string& name, const std::string& greeting) {
    return greeting + ", " + name + "!";
}
int pick(int x) { return x + 1; }
double pick(double x) { return x / 2; }
std::string pick(const std::string& s) { return "<" + s + ">"; }
int count_args(int, int) { return 2; }
int count_args(const std::string&) { return 1; }
long long big(long long v) { return v * 2; }
unsigned int nonneg(unsigned int v) { return v; }
bool negate(bool b) { return !b; }
float halve(float f) { return f / 2; }
char first_char(const std::string& s) { return s.empty() ? '?' : s[0]; }
int char_code(char c) { return static_cast<unsigned char>(c); }
const char* c_name() { return "fn"; }
int plain_noexcept(int v) noexcept { return -v; }
int only_int(int v) { return v * 3; }
char* scratch_text() {
    static char buffer[] = "scratch";
    return buffer;
}
void set_counter(int v) { g_counter = v; }
int counter() { return g_counter; }
namespace inner {
int depth() { return 2; }
}  // namespace inner

}  // namespace fn
