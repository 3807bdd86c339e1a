// Free functions PyPy calls through cffi (lower/cffiplan.py, docs/pypy.md): scalars in and
// out, defaults, unnamed parameters, noexcept, extern "C", exceptions, nogil; and functions
// next to them that keep the C API path.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

namespace pc {

/// An error of this library: a Python exception class of its own.
/// swiggen: exception
class LimitError : public std::runtime_error {
public:
    explicit LimitError(const char* what) : std::runtime_error(what) {}
};

/// Add two integers.
int add(int a, int b);
/// Scale `x` by `factor` and add `offset`.
double scale(double x, double factor = 2.0, double offset = 0.0);
/// Unnamed parameters are positional-only.
long mix(long, long b = 3);
float halve(float f);
bool negate(bool b) noexcept;
std::size_t widen(std::size_t n);
std::int64_t neg64(std::int64_t v);
std::uint64_t twice64(std::uint64_t v);
unsigned short low16(unsigned short v);
/// Parameters named like what the Python side uses (`type`, `c`).
int kind(int type, int c = 1, int lib = 2);
/// Counts calls: a global counter without a lock of its own.
void bump() noexcept;
long long bumps();
void reset_bumps();
/// Throws std::out_of_range (IndexError) for a negative `i`, LimitError above 100.
int checked(int i);
/// Throws something that is no std::exception.
int odd(int i);
/// swiggen: nogil
int nogil_add(int a, int b);
/// Stays inside for `micros` microseconds, counting how many threads are inside at once.
void overlap(int micros) noexcept;
/// The same without the module's lock.
/// swiggen: nogil
void overlap_nogil(int micros) noexcept;
/// An overload set marked nogil: its members take no lock on the cffi path either.
/// swiggen: nogil
void overlap_both(int micros) noexcept;
/// swiggen: nogil
void overlap_both(double seconds) noexcept;
/// The most threads inside overlap() and overlap_nogil() at once since reset_overlap().
int most_at_once();
void reset_overlap();
/// Keeps `f` for call_hook() (a std::function: the C API path).
void set_hook(std::function<double(double)> f);
/// Calls the hook: a Python callable, called from the cffi path (which released the GIL).
int call_hook(int x);
/// A default cffi's path cannot spell: stays on the C API path.
int scaled(int x, int by = 2 * 3);
/// A string: stays on the C API path.
int length(const std::string& s);
/// Overload sets: NAME.py dispatches the calls whose overload it knows (lower/cffioverloads.py).
int pick(int x);
double pick(double x);
/// A str goes to the C API path.
int describe(int x);
int describe(double x);
int describe(const std::string& s);
/// Two parameters: (int, int) takes the first (an integer before a double).
int mixed(int a, double b);
int mixed(double a, int b);
/// By count.
int count();
int count(int a);
int count(int a, int b) noexcept;
/// float before double, within float's range.
int prec(float f);
int prec(double d);
/// bool takes only True and False; a bool for an int is not known here.
int flag(bool b);
int flag(int i);
/// Two integer types: which SWIG tries first is not known here.
int wide(int i);
int wide(long long i);
/// One member throws.
int risky(int i);
int risky(double d);
/// A class converts implicitly from an int: not known here.
struct Meters {
    Meters(int v) : value(v) {}
    int value;
};
int measure(Meters m);
int measure(double d);

/// A plain struct: PyPy reads and writes its scalar fields through cffi (lower/cffifields.py).
struct Sample {
    double x = 0.0;
    float f = 0.0f;
    int i = 0;
    unsigned short u = 0;
    bool flag = false;
    long long big = 0;
    const int fixed = 7;
    std::string name;  ///< not a scalar: its C descriptor
};
/// A read-only view of a static Sample, and a writable one of another.
const Sample& frozen_sample();
Sample& shared_sample();
/// Reads what the C++ side sees.
double sample_sum(const Sample& s);
/// Takes the object over: the Python object is left empty.
int take_sample(std::unique_ptr<Sample> s);
/// A plain struct that counts its live objects (each keeps its own address in itself).
struct Tracked {
    double v = 0.0;
    Tracked();
    Tracked(const Tracked& other);
    ~Tracked();
};
int tracked_alive();
/// Not standard-layout (public and private fields): its fields keep their C descriptors.
class Mixed {
public:
    int a = 1;
    int sum() const { return a + b_; }
private:
    int b_ = 2;
};
/// A class with a derived class: its fields keep their C descriptors.
struct Root {
    int v = 0;
};
struct Leaf : Root {
    int w = 0;
};

}  // namespace pc

/// A second namespace's overload set of the same name (swiggen renames it: SG334).
namespace other {
int pick(int x);
double pick(double x);
}  // namespace other

extern "C" {
/// A C function.
int c_sub(int a, int b);
}
