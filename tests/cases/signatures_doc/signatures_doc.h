// Signatures for help(), inspect.signature() and Sphinx: every function, method and
// constructor, overloaded or documented; defaults as Python literals (tests/cases/signatures_doc).
#pragma once
#include <string>
#include <vector>

namespace sd {

/// Colours, for an enum default.
enum class Color { Red, Green, Blue };

/// Adds two ints.
int add(int a, int b);
/// Adds two doubles.
double add(double a, double b);
/// Joins two strings.
std::string add(const std::string& a, const std::string& b);

/// Overloads with one doc comment: it documents the set.
int area(int side);
int area(int w, int h);

/// The defaults it was called with, as text: every literal kind.
std::string defaults(int n = 3, double x = 0.5, bool flag = true, const char* name = "sd",
                     char sep = ',', unsigned mask = 0xff, float f = 2, double g = -1e-3,
                     long long big = 1'000'000);

/// An enum default: the stub names the member.
std::string paint(Color c = Color::Green);

/// A default that is an expression, and one that constructs a value: no literal.
int expr_default(int x = 2 * 3, std::vector<int> v = {});

int undocumented(int x, int y = 0);

/// A buffer of doubles.
class Buffer {
public:
    /// Make a buffer of n values.
    explicit Buffer(int n, double fill = 0.0);
    /// A copy of another buffer, with extra room.
    Buffer(const Buffer& other, int extra);
    int size() const;
    /// The value at i.
    double at(int i) const;
    /// Set every value.
    void fill(double v = 1.0);
    /// The sum times an integer.
    double scaled_sum(int k) const;
    /// The sum times a float.
    double scaled_sum(double k, bool negate = false) const;
    /// A buffer of n zeros.
    static Buffer zeros(int n);
    /// How a value would be stored: as an int.
    static int kind(int x);
    /// How a value would be stored: as text.
    static int kind(const std::string& s);
    Color tint(Color c = Color::Blue) const;
    /// The buffer's size, or -1 for none.
    static int size_of(const Buffer* b = nullptr);

private:
    std::vector<double> data_;
};

/// A point: a struct, constructed from its fields.
struct Point {
    double x = 0;
    double y = 0;
};

class Counter {
public:
    Counter();
    int next();

private:
    int n_ = 0;
};

/// No public constructor: an abstract class.
class Shape {
public:
    virtual ~Shape() = default;
    virtual double area() const = 0;
};

/// Twice the argument.
template <class T>
T twice(const T& x) {  // swiggen: template(twice_int, int), template(twice_str, std::string)
    return x + x;
}

/// A holder with a member template.
struct Holder {
    double value = 2.5;
    /// The value as T.
    template <class T>
    T as() const {  // swiggen: template(as_int, int), template(as_float, double)
        return static_cast<T>(value);
    }
};

/// A box of one value: each instance's constructors are its own.
template <class T>
class Box {  // swiggen: template(IntBox, int), template(TextBox, std::string)
public:
    Box() = default;
    explicit Box(const T& v) : v_(v) {}
    T get() const { return v_; }

private:
    T v_{};
};

}  // namespace sd

/// A class in the global namespace: SWIG would give its docstring to its constructor too.
class Loose {
public:
    explicit Loose(int v);
    int v() const;

private:
    int v_;
};
