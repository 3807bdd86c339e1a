// Declarations whose stub mypy rejected (#38, found in cxxopts, fmt, jansson and
// spatialindex): NAME.pyi must say what the module has, in terms mypy accepts (lower/stubnames.py,
// lower/stubignores.py, lower/overload_order.subclasses_first).
#pragma once

#include <vector>

/// A class named like a typing name the stub imports: `Sequence[int]` must not name it.
struct Sequence {
    int length = 0;
};

/// Sums a list (a `Sequence[int]` in the stub).
int total(const std::vector<int> &values);

/// A range whose iterator class is named like the typing name of `__iter__`'s result
/// (cxxopts's ParseResult::Iterator).
class Digits {
public:
    class Iterator {
    public:
        Iterator(const Digits *digits, int at);
        int operator*() const;
        Iterator &operator++();
        bool operator==(const Iterator &other) const;
        bool operator!=(const Iterator &other) const;

    private:
        const Digits *digits_;
        int at_;
    };

    explicit Digits(int count);
    Iterator begin() const;
    Iterator end() const;

private:
    int count_;
};

/// An enum with no members (fmt's `enum char8_type : unsigned char {};`).
enum class Empty : unsigned char {};

/// `+=` takes more than `+` (fmt's uint128_fallback).
struct Counter {
    long long value = 0;
    Counter &operator+=(const Counter &other);
    Counter &operator+=(long long n);
    friend Counter operator+(const Counter &a, const Counter &b) {
        Counter c;
        c.value = a.value + b.value;
        return c;
    }
};

/// C's enum tag and a function of one name (jansson's json_error_code): the module's name is
/// the enum.
enum status_code { status_ok, status_failed };
enum status_code status_code(int raw);

/// One enum name in two namespaces (spatialindex's RTree:: and MVRTree::RangeQueryType): the
/// module's name is the last one's.
namespace first {
enum Query { FirstContains, FirstIntersects };
Query first_query();
}  // namespace first
namespace second {
enum Query { SecondContains, SecondIntersects, SecondNearest };
Query second_query();
}  // namespace second

/// A base class and one derived from it, whose methods hide the base's with other parameters
/// (C++ name hiding: spatialindex's Region and MovingRegion).
class Shape {
public:
    explicit Shape(double size);
    virtual ~Shape() = default;
    double low(int index) const;
    bool within(const Shape &other) const;
    /// Overloads of a base and a derived class, the base's first.
    double distance(const Shape &other) const;
    double distance(const class Moving &other) const;

protected:
    double size_;
};

class Moving : public Shape {
public:
    Moving(double size, double speed);
    double low(int index, double t) const;
    bool within(const Moving &other) const;

private:
    double speed_;
};
