// Class and function templates instantiated by directive; typedefs and using aliases.
#pragma once
#include <string>
#include <vector>

namespace tpl {

using Real = double;
typedef std::vector<Real> RealList;

/// The mean of the values (0 for none).
Real mean(const RealList& values);

/// A box holding one value.
/// swiggen: template(IntBox, int), template(TextBox, std::string)
template <class T>
class Box {
public:
    Box() = default;
    explicit Box(const T& v) : value_(v) {}
    T get() const { return value_; }
    void set(const T& v) { value_ = v; }
    bool holds(const T& v) const { return value_ == v; }

private:
    T value_{};
};

template <class K, class V>
struct Pair {  // swiggen: template(IntRealPair, int, double)
    K key{};
    V value{};
    Pair<V, K> swapped() const { return Pair<V, K>{value, key}; }
};

/// Twice the argument.
template <class T>
T twice(const T& x) {  // swiggen: template(twice_int, int), template(twice_str, std::string)
    return x + x;
}

/// A member function template, named like a Python keyword.
struct Converter {
    double value = 2.75;
    template <class T>
    T as() const {  // swiggen: template(as_int, int), template(as_float, double)
        return static_cast<T>(value);
    }
    /// Overloaded member templates: the config (swiggen.toml) instantiates each directive for
    /// the overloads whose template parameter count it fits.
    template <class T>
    T scaled() const {
        return static_cast<T>(value * 2);
    }
    template <class T, class S>
    T scaled(const S& factor) const {
        return static_cast<T>(value * factor);
    }
};

/// A grid of N cells: instantiated by the aliases below, with no annotation.
template <class T, int N = 2>
struct Grid {
    T fill{};
    int cells() const { return N; }
};

typedef Box<float> FloatBox;  // the typedef's name is the Python class's
using SmallGrid = Grid<double, 3>;
using DefaultGrid = Grid<int>;
typedef Box<int> NumberBox;  // IntBox (the directive) wins: no second class

/// A FloatBox holding `v`.
inline FloatBox make_float_box(float v) { return FloatBox(v); }
inline int grid_cells(const SmallGrid& g) { return g.cells(); }

/// A template nobody instantiated: reported, not wrapped.
template <class T>
struct Unused { T t; };


}  // namespace tpl
