#include "pypy_cffi.h"

#include <atomic>
#include <chrono>
#include <thread>

namespace pc {

static long long counter = 0;

int add(int a, int b) { return a + b; }
double scale(double x, double factor, double offset) { return x * factor + offset; }
long mix(long a, long b) { return a * 10 + b; }
float halve(float f) { return f / 2; }
bool negate(bool b) noexcept { return !b; }
std::size_t widen(std::size_t n) { return n * 2; }
std::int64_t neg64(std::int64_t v) { return -v; }
std::uint64_t twice64(std::uint64_t v) { return v * 2; }
unsigned short low16(unsigned short v) { return v; }
int kind(int type, int c, int lib) { return type * 100 + c * 10 + lib; }
void bump() noexcept {
    // read, then write: two threads calling it at once without a lock lose counts
    long long c = counter;
    for (volatile int i = 0; i < 20; i = i + 1) {}
    counter = c + 1;
}
static std::atomic<int> inside{0};
static std::atomic<int> most{0};
static void stay(int micros) {
    int now = ++inside;
    int seen = most.load();
    while (now > seen && !most.compare_exchange_weak(seen, now)) {}
    std::this_thread::sleep_for(std::chrono::microseconds(micros));
    --inside;
}
void overlap(int micros) noexcept { stay(micros); }
void overlap_nogil(int micros) noexcept { stay(micros); }
int most_at_once() { return most.load(); }
void reset_overlap() { most = 0; }
long long bumps() { return counter; }
void reset_bumps() { counter = 0; }
int checked(int i) {
    if (i < 0) throw std::out_of_range("checked: negative index");
    if (i > 100) throw LimitError("checked: over the limit");
    return i * 2;
}
int odd(int i) {
    if (i == 13) throw 13;
    return i;
}
int nogil_add(int a, int b) { return a + b; }
static std::function<double(double)> hook;
void set_hook(std::function<double(double)> f) { hook = std::move(f); }
int call_hook(int x) { return hook ? static_cast<int>(hook(x)) : -1; }
int scaled(int x, int by) { return x * by; }
int length(const std::string& s) { return static_cast<int>(s.size()); }
int pick(int x) { return x; }
double pick(double x) { return x * 2; }

}  // namespace pc

extern "C" int c_sub(int a, int b) { return a - b; }
