// Unusual but legal C++: each declaration works from Python, or is left out with a warning.
#pragma once
#include <atomic>
#include <cstdarg>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace odd {

/// operator[] without size(), on a class made of 4 doubles: bounded by them (a negative index
/// raises IndexError).
struct Ring {
    double data[4] = {1, 2, 3, 4};
    double operator[](int i) const { return data[i]; }
};

/// Conversion operators, explicit or not.
struct Count {
    int n = 3;
    explicit operator int() const { return n; }
    explicit operator double() const { return n + 0.5; }
    explicit operator bool() const { return n != 0; }
    explicit operator std::string() const { return "count " + std::to_string(n); }
};

struct Other {
    int v = 1;
};

struct Wide {
    explicit operator unsigned long long() const { return 18446744073709551615ull; }
    explicit operator long double() const { return 2.5L; }
    operator Other() const { return Other{7}; }  // no Python protocol: SG330
};

/// True division, in place or not.
struct Num {
    double v = 0;
    Num operator/(double d) const;
    Num& operator/=(double d);
};

/// Non-const reference results are values; a const/non-const pair reads the const one.
class Store {
public:
    int& value() { return v_; }
    const int& value() const { return v_; }
    std::string& name() { return s_; }
    std::vector<int>& items() { return xs_; }
    std::map<std::string, int>& table() { return table_; }
    double& scale() { return scale_; }
    int tag() { return 1; }
    int tag() const { return 2; }

private:
    int v_ = 3;
    std::string s_ = "s";
    std::vector<int> xs_{1, 2};
    std::map<std::string, int> table_{{"a", 1}};
    double scale_ = 0.5;
};

/// Bit-fields refuse values they cannot hold.
struct Flags {
    unsigned mode : 3;
    int delta : 2;
    bool on : 1;
};

/// A plain field named like a bit-field elsewhere keeps its full range.
struct Plain {
    unsigned mode = 0;
};

/// Fields C++ cannot assign: read-only views, or left out.
struct NoCopy {
    NoCopy() = default;
    NoCopy(const NoCopy&) = delete;
    NoCopy& operator=(const NoCopy&) = delete;
    int v = 5;
};

struct Stats {
    std::atomic<long> hits{0};  // SG333
    int misses = 0;
};

struct Holder {
    std::unique_ptr<int> p;  // SG333
    NoCopy nc;
    int x = 0;
};

/// Structs C++ cannot default-construct.
struct Rec {
    const int id;
    double value;
};

struct View {
    const double& ref;
    int n;
};

/// Callables convert (lower/callables.py); a C function pointer without user data does not.
struct Button {
    std::function<void()> on_click;
    int id = 0;
};

void on_event(std::function<void(int)> cb);
std::function<int()> make_counter();
void set_handler(void (*handler)(int));       // SG332
// ignored, so no function of the module has set_handler's pointer type: SG332 above
void default_handler(int signal);  // swiggen: ignore

/// C variable arguments cannot be passed from Python.
int format(const char* fmt, ...);              // SG331
int vformat(const char* fmt, va_list args);    // SG331
int pick(int a);
int pick(int a, int b, ...);                   // SG331: pick(int) stays

/// numpy on std::vector<bool>: a bool array.
std::vector<bool> mask(int n);  // swiggen: numpy

}  // namespace odd
