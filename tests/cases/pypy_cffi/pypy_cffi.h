// Free functions PyPy calls through cffi (lower/cffiplan.py, docs/pypy.md): scalars in and
// out, defaults, unnamed parameters, noexcept, extern "C", exceptions, nogil; and functions
// next to them that keep the C API path.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
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
/// An overload set: stays on the C API path.
int pick(int x);
double pick(double x);

}  // namespace pc

extern "C" {
/// A C function.
int c_sub(int a, int b);
}
