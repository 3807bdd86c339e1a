// Overload sets take keyword arguments (swig/kwdispatch.py, lower/kwforms.py): an overload is a
// candidate only if the call's arguments bind to its own parameter names; SWIG's type-ranked
// dispatch then picks among the candidates.
#pragma once

#include <string>

namespace kw {

constexpr int kStep = 3;

/// Adds two ints.
int add(int a, int b);
/// Adds two doubles.
double add(double a, double b);

/// Same arity, told apart by the names: `pick(s="hi")` is the second.
int pick(int x);
int pick(const char* s);

/// A default in the middle: `mix(1, c=7)` fills in b.
int mix(int a, int b = 2, int c = 5);
int mix(const std::string& a, int c);

/// Defaults of every kind Python can pass, and one it cannot (a C++ expression).
std::string label(int n, const std::string& sep = "-", char fill = '*', bool upper = false,
                  double scale = 0.5, int width = 2);
std::string label(const char* text);
int stepped(int a, int step = kw::kStep * 2, int n = 1);
int stepped(const char* a);

/// A function template's instances under one name.
template <class T>
T twice(T v) {  // swiggen: template(twice, int), template(twice, double)
    return v + v;
}

/// A counter.
class Counter {
public:
    /// Start at `start`.
    explicit Counter(int start = 0);
    /// A named counter.
    Counter(const std::string& name, int start);
    int value() const { return value_; }
    std::string name() const { return name_; }
    /// Add `by`.
    int bump(int by);
    /// Multiply by `factor`, `times` times.
    int bump(double factor, int times = 1);
    static int make(int n);
    static int make(const char* name, int times);
    Counter operator+(int k) const;
    /// Two operators of one name: the stub's `__add__` is an overload set.
    Counter operator+(const Counter& o) const;

private:
    int value_ = 0;
    std::string name_;
};

/// Constructors that include a template's instance: swiggen checks its overload list against
/// SWIG's and, where they differ, binds keywords by the names of any overload.
class Box {
public:
    explicit Box(int n) : size_(n) {}
    explicit Box(const std::string& s) : size_(static_cast<int>(s.size())) {}
    template <class T>
    Box(T scale, int n) : size_(static_cast<int>(scale * n)) {}  // swiggen: template(Box, double)
    int size() const { return size_; }

private:
    int size_;
};

/// `using Shape::area;` beside Square's own `area`: one overload set of Square (keywords, and
/// every overload in the stub); Square's `area(int, int)` hides Shape's; `using Shape::secret`
/// makes a protected method public.
class Shape {
public:
    virtual ~Shape() = default;
    int area(int scale) const { return scale; }
    int area(int w, int h) const { return w * h; }

protected:
    int secret(int x) const { return x + 100; }
};
class Square : public Shape {
public:
    using Shape::area;
    using Shape::secret;
    int area(const char* unit) const { return unit[0] == 'm' ? 1 : 100; }
    int area(int w, int h) const { return 2 * w * h; }
};

/// A constructor default naming its class's scope (SG302: C++ fills it in, one overload per
/// default): the constructor still takes keywords, and its signature says so.
class Api {
public:
    enum Kind { Unspecified, Alsa };
};
class Port : public Api {
public:
    explicit Port(Kind kind = Unspecified, int limit = 100) : kind_(kind), limit_(limit) {}
    int kind() const { return kind_; }
    int limit() const { return limit_; }

private:
    int kind_;
    int limit_;
};

}  // namespace kw
