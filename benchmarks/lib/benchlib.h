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
    /// A string in, a string out: "hi " + name.
    std::string greet(const std::string& name) const;
    /// A copy the caller owns (a factory result).
    Counter* clone() const;

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

/// A std::vector<double> in and out: the elements in reverse order.
std::vector<double> reversed(const std::vector<double>& v);

/// An out-parameter: returns a / b and stores a % b in *rem; throws std::domain_error for b == 0.
int divide(int a, int b, int* rem);

/// A status object, as LevelDB/RocksDB/Arrow APIs return.
class Status {
public:
    Status() = default;
    static Status OK() { return Status(); }
    static Status Invalid(const std::string& msg) { return Status(msg); }
    bool ok() const { return msg_.empty(); }
    bool IsInvalid() const { return !msg_.empty(); }
    std::string message() const { return msg_; }

private:
    explicit Status(const std::string& msg) : msg_(msg) {}
    std::string msg_;
};

/// A status-returning call: `code` if it is non-negative into *value, else an Invalid status.
Status parse(int code, int* value);

/// A struct holding structs: `s.a` is a view into `s` (keeps it alive).
struct Segment {
    Point a;
    Point b;
};

/// Three levels of a class hierarchy; `level()` is Base's method called on a Leaf.
class Base {
public:
    virtual ~Base() = default;
    int level() const;

private:
    int level_ = 3;
};
class Middle : public Base {};
class Leaf : public Middle {};

}  // namespace bench
