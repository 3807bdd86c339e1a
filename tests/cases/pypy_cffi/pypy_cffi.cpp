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
void overlap_both(int micros) noexcept { stay(micros); }
void overlap_both(double seconds) noexcept { stay(static_cast<int>(seconds * 1e6)); }
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
// (a double as an int without undefined behaviour: nan, inf and huge values clipped)
static int clip(double d) {
    return d != d ? -1 : d > 1e6 ? 1000000 : d < -1e6 ? -1000000 : static_cast<int>(d);
}
int describe(int x) { return 1000 + x; }
int describe(double x) { return 2000 + clip(x); }
int describe(const std::string& s) { return 3000 + static_cast<int>(s.size()); }
int mixed(int a, double b) { return 1000 + a + clip(b); }
int mixed(double a, int b) { return 2000 + clip(a) + b; }
int count() { return 0; }
int count(int a) { return 1000 + a; }
int count(int a, int b) noexcept { return 2000 + a + b; }
int prec(float f) { return 1000 + clip(f); }
int prec(double d) { return 2000 + clip(d); }
int flag(bool b) { return b ? 1001 : 1000; }
int flag(int i) { return 2000 + i; }
int wide(int i) { return 1000 + i; }
int wide(long long i) { return 2000 + static_cast<int>(i); }
int risky(int i) {
    if (i < 0) throw std::out_of_range("risky: negative");
    return 1000 + i;
}
int risky(double d) {
    if (d < 0) throw LimitError("risky: negative double");
    return 2000 + clip(d);
}
int measure(Meters m) { return 1000 + m.value; }
int measure(double d) { return 2000 + clip(d); }
double pick(double x) { return x * 2; }

static Sample frozen;
static Sample shared;
const Sample& frozen_sample() { return frozen; }
Sample& shared_sample() { return shared; }
double sample_sum(const Sample& s) {
    return s.x + s.f + s.i + s.u + (s.flag ? 1 : 0) + static_cast<double>(s.big) + s.fixed;
}
int take_sample(std::unique_ptr<Sample> s) { return s ? s->i : -1; }
static int alive = 0;
Tracked::Tracked() { ++alive; }
Tracked::Tracked(const Tracked& other) : v(other.v) { ++alive; }
Tracked::~Tracked() { --alive; }
int tracked_alive() { return alive; }

}  // namespace pc

namespace other {
int pick(int x) { return 5000 + x; }
double pick(double x) { return 6000 + x; }
}  // namespace other

extern "C" int c_sub(int a, int b) { return a - b; }
