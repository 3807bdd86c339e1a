// A dynamically typed value in the manner of JSON and YAML node libraries: null, bool, integer,
// float, text, list or map. Its converting constructor is an explicit template, so Python values
// reach `const Value&` parameters only through the class's `implicit` annotation (swiggen.toml).
// Iterating yields one item type that derives from Value and from std::pair<Value, Value>: the
// Value for a list, the pair for a map, as yaml-cpp's iterator does.
#pragma once

#include <cstddef>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace dy {

struct Item;

/// A value: null, bool, integer, float, text, list or map (copies share the data).
class Value {
public:
    /// The null value.
    Value();
    template <typename T>
    explicit Value(const T& v) : Value(make(v)) {}
    Value(const Value& other);
    Value& operator=(const Value& other);
    ~Value();

    /// "null", "bool", "int", "float", "text", "list" or "map".
    std::string kind() const;
    /// The value as JSON-like text.
    std::string dump() const;
    bool is_map() const;
    std::size_t size() const;
    std::vector<Item>::const_iterator begin() const;
    std::vector<Item>::const_iterator end() const;

    /// How many Value objects exist (to check that conversions free their temporaries).
    static int live();

    /// The items of a list, or the entries of a map, as the container type T.
    template <typename T>
    T as() const {
        T out;
        fill(out);
        return out;
    }

private:
    void fill(std::vector<Value>& out) const;
    void fill(std::map<std::string, Value>& out) const;
    struct Data;
    explicit Value(std::shared_ptr<const Data> data);
    static Value make(bool v);
    static Value make(long long v);
    static Value make(double v);
    static Value make(const std::string& v);
    static Value make(const std::vector<Value>& v);
    static Value make(const std::map<std::string, Value>& v);
    std::shared_ptr<const Data> data_;
};

/// An element of an iteration: the Value for a list; the (key, value) pair for a map.
struct Item : Value, std::pair<Value, Value> {
    explicit Item(const Value& v) : Value(v) {}
    Item(const Value& key, const Value& value) : std::pair<Value, Value>(key, value) {}
};

/// The text of `v`, any Python value that converts to a Value.
std::string describe(const Value& v);
/// `v` back, taken and returned by value.
Value echo(Value v);
/// `v` back by reference: a converted argument is gone when the call returns, so Python gets a
/// copy.
inline const Value& same(const Value& v) { return v; }
/// Overloads: the std::string one wins for a str; everything else converts to a Value.
std::string pick(const std::string& s);
std::string pick(const Value& v);
/// The first of a list of values ("null" when empty).
std::string first(const std::vector<Value>& values);

/// A plain class without `implicit`: only its own instances are accepted.
struct Plain {
    int n = 0;
};
int plain_n(const Plain& p);

/// Copying a Fragile holding 13 throws: conversions that copy must raise, never abort.
struct Fragile {
    int n = 0;
    Fragile() = default;
    explicit Fragile(int v) : n(v) {}
    Fragile(const Fragile& other) : n(other.n) {
        if (n == 13) throw std::runtime_error("unlucky copy");
    }
    Fragile& operator=(const Fragile& other) = default;
};
int fragile_sum(const std::map<std::string, Fragile>& m);
int fragile_count(const std::vector<Fragile>& v);
/// {"x": Fragile(n)}, built without copying it.
std::map<std::string, Fragile> fragile_map(int n);

/// std::map converts to and from dict.
std::map<std::string, int> counts(const std::vector<std::string>& words);
int total(const std::map<std::string, int>& m);
std::map<int, double> halves(const std::map<int, double>& m);
std::map<std::string, Value> wrap_all(const std::map<std::string, Value>& m);

}  // namespace dy
