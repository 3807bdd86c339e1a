// The C++ library every benchmark variant wraps: one small function or type per measured row.
// Kept free of binding-specific annotations so that swiggen, SWIG, pybind11, nanobind and the
// hand-written C-API module all see the same header (swiggen's directives come from a TOML file
// that benchmarks/build.py writes).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace bench {

/// add(1, 2): the cheapest possible two-argument call.
int add(int a, int b);

/// scale(1.0, offset=3.0): a keyword-argument call.
double scale(double x, double factor = 2.0, double offset = 0.0);

/// An overload set: twice(1.5) has to skip the int overload to find the double one.
int twice(int x);
double twice(double x);
std::string twice(const std::string& s);

/// Throws std::out_of_range (IndexError in Python) for a negative index.
int checked(int i);

/// A numpy-style reduction over a caller's buffer of doubles.
double sum(const double* data, std::size_t n);

/// A call that should run with the GIL released (the nogil directive, from build.py).
int nogil_add(int a, int b);
/// True when the calling thread holds the GIL: tells whether a binding really released it.
bool gil_held();

/// A plain struct with fields.
struct Point {
    double x = 0.0;
    double y = 0.0;
    Point(double x = 0.0, double y = 0.0);
};

/// A class with methods.
class Counter {
public:
    explicit Counter(int start = 0);
    /// Add `by` and return the new value.
    int bump(int by);
    int value() const;

private:
    int value_;
};

/// A container: operator[] (unchecked, like std::vector) and size().
class Buffer {
public:
    explicit Buffer(std::size_t n = 0);
    double& operator[](std::size_t i);
    double operator[](std::size_t i) const;
    std::size_t size() const;

private:
    std::vector<double> data_;
};

}  // namespace bench
