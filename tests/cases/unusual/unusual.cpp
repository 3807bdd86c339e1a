#include "unusual.h"

#include <cstdio>

namespace odd {
Num Num::operator/(double d) const { return Num{v / d}; }
Num& Num::operator/=(double d) {
    v /= d;
    return *this;
}
void on_event(std::function<void(int)> cb) { cb(1); }
std::function<int()> make_counter() { return [] { return 1; }; }
void set_handler(void (*handler)(int)) { handler(1); }
void default_handler(int) {}
int format(const char* fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vformat(fmt, ap);
    va_end(ap);
    return n;
}
int vformat(const char* fmt, va_list args) {
    char buf[256];
    return std::vsnprintf(buf, sizeof buf, fmt, args);
}
int pick(int a) { return a; }
int pick(int a, int b, ...) { return -a - b; }
std::vector<bool> mask(int n) {
    std::vector<bool> out(n);
    for (int i = 0; i < n; ++i) out[i] = i % 2 == 0;
    return out;
}
}  // namespace odd
