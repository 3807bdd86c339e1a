// Declarations libclang parses and swiggen lowers without complaint, whose wrappers the compiler
// then rejects: what the model cannot foresee (the body of a template fails only when
// instantiated; a type trait says a class copies when its copy does not compile). Each must
// cost its declaration, not the module (tests/test_leave_out.py).
#pragma once
#include <memory>
#include <string>
#include <vector>

namespace lo {

/// Fails for int only when instantiated.
template <class T> T twice(T x) { return x.twice(); }  // swiggen: template(twice_int, int)

/// Compiles when instantiated.
template <class T> T thrice(T x) { return x * 3; }  // swiggen: template(thrice_int, int)

inline int plus_one(int x) { return x + 1; }

/// A class whose member template fails in the wrapper; the rest of it works.
class Meter {
public:
    explicit Meter(int v = 2) : v_(v) {}
    int value() const { return v_; }
    template <class T> T as() const { return T::from(v_); }  // swiggen: template(as_int, int)
    template <class T> T scaled(T k) const { return k * v_; }  // swiggen: template(scaled, int)
private:
    int v_;
};

/// Copyable by its type traits, not in fact (std::vector<std::unique_ptr<int>>): no copies,
/// and the field that cannot be assigned is not offered for assignment.
struct Holder {
    std::vector<std::unique_ptr<int>> items;
    int tag = 7;
    int count() const { return static_cast<int>(items.size()) + tag; }
};

/// A class template whose method fails for one instance only.
template <class T> struct Cell {  // swiggen: template(IntCell, int), template(StrCell, std::string)
    T value{};
    T get() const { return value; }
    int length() const { return static_cast<int>(value.size()); }
};

/// A comparison whose result is no bool: Python's == cannot use it; < still works.
struct Verdict {
    int a = 0;
    std::string operator==(const Verdict& o) const { return a == o.a ? "" : "differ"; }
    bool operator<(const Verdict& o) const { return a < o.a; }
};

/// Handed out by reference, its copy private (libconfig's Setting): its operator[] result would
/// be copied by the subscript's wrapper (an error met inside swiggen's own runtime template, traced
/// through the instantiation chain to the wrapper); the rest of the class works.
class Setting {
public:
    Setting() {}
    Setting& operator[](int) const { return *const_cast<Setting*>(this); }
    Setting& operator[](const char *) const { return *const_cast<Setting*>(this); }
    int length() const { return 4; }
private:
    Setting(const Setting&);
    Setting& operator=(const Setting&);
};

}  // namespace lo
