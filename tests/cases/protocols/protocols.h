// Python protocols from C++ operators and container shapes, with no annotation.
#pragma once
#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace proto {

/// A growable vector: operator[] (const and not), size(), arithmetic.
class Vec {
public:
    Vec() = default;
    Vec(double x, double y) : v_{x, y} {}
    void add(double value) { v_.push_back(value); }
    double& operator[](std::size_t i) { return v_[i]; }
    double operator[](std::size_t i) const { return v_[i]; }
    std::size_t size() const { return v_.size(); }
    bool empty() const { return v_.empty(); }

    Vec operator+(const Vec& o) const;
    Vec operator-(const Vec& o) const;
    Vec operator*(double s) const;
    Vec operator-() const;
    Vec& operator+=(const Vec& o);
    bool operator==(const Vec& o) const { return v_ == o.v_; }
    bool operator<(const Vec& o) const { return v_ < o.v_; }

private:
    std::vector<double> v_;
};

/// Reflected: 2.0 * v.
Vec operator*(double s, const Vec& v);
/// Free comparison.
bool operator!=(const Vec& a, const Vec& b);
std::ostream& operator<<(std::ostream& out, const Vec& v);

/// Read-only view: only a const operator[].
class Ro {
public:
    explicit Ro(int n) : n_(n) {}
    int operator[](std::size_t i) const { return static_cast<int>(i) * 10; }
    std::size_t size() const { return static_cast<std::size_t>(n_); }

private:
    int n_;
};

/// String-keyed container.
class Registry {
public:
    int& operator[](const std::string& key) { return items_[key]; }
    bool contains(const std::string& key) const { return items_.count(key) != 0; }
    std::size_t size() const { return items_.size(); }

private:
    std::map<std::string, int> items_;
};

/// Conversions, unary operators and a call operator.
class Meter {
public:
    explicit Meter(double m) : m_(m) {}
    explicit operator double() const { return m_; }
    explicit operator bool() const { return m_ != 0; }
    Meter operator~() const { return Meter(-m_); }
    double operator()(double factor) const { return m_ * factor; }
    bool operator==(const Meter& o) const { return m_ == o.m_; }
    bool operator<=(const Meter& o) const { return m_ <= o.m_; }

private:
    double m_;
};

/// No operator[], but a `!`: truth from operator!.
struct Flag {
    bool on = false;
    bool operator!() const { return !on; }
};

/// Cannot be copied: copy.copy raises TypeError.
class Unique {
public:
    Unique() = default;
    Unique(const Unique&) = delete;
};

/// Elements of class type: obj[i] is a view into the shelf.
struct Item {
    int v = 0;
};
class Shelf {
public:
    explicit Shelf(int n) : items_(static_cast<std::size_t>(n)) {}
    Item& operator[](std::size_t i) { return items_[i]; }
    const Item& operator[](std::size_t i) const { return items_[i]; }
    std::size_t size() const { return items_.size(); }

private:
    std::vector<Item> items_;
};

/// Only begin()/end(): iterable all the same.
class Bag {
public:
    void put(const std::string& s) { items_.push_back(s); }
    std::vector<std::string>::const_iterator begin() const { return items_.begin(); }
    std::vector<std::string>::const_iterator end() const { return items_.end(); }

private:
    std::vector<std::string> items_;
};

/// A plain record: keyword constructor, repr, pickle.
struct Rec {
    int id = 7;
    double score = 0.5;
    std::string name = "anon";
    std::vector<int> tags;
};

/// A record with a field named like a Python keyword: `from_` in Python.
struct Span {
    int from = 1;
    int to = 4;
};

}  // namespace proto
