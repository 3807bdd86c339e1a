// Conversions that throw outside the wrapped call: the argument, result and item conversions a
// wrapper runs around its call copy objects and allocate, and a copy constructor or an
// allocation that throws there must become a Python exception like one thrown by the call.
#pragma once
#include <cstddef>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace throwing {

inline bool& fragile_armed() {
    static bool armed = false;
    return armed;
}

/// Copying one throws while arm(true) is in force.
struct Fragile {
    int value = 0;
    Fragile() = default;
    explicit Fragile(int v) : value(v) {}
    Fragile(const Fragile& o) : value(o.value) {
        if (fragile_armed()) throw std::runtime_error("Fragile: copy refused");
    }
    Fragile& operator=(const Fragile& o) {
        if (fragile_armed()) throw std::runtime_error("Fragile: assignment refused");
        value = o.value;
        return *this;
    }
};

inline void arm(bool on) { fragile_armed() = on; }

/// A result by value: copied into the object Python gets.
inline Fragile make_fragile(int v) { return Fragile(v); }

/// A result list: each item copied.
inline std::vector<Fragile> fragiles(int n) {
    bool was = fragile_armed();
    fragile_armed() = false;
    std::vector<Fragile> out;
    for (int i = 0; i < n; ++i) out.emplace_back(i);
    fragile_armed() = was;
    return out;
}

/// An argument list: each item copied into the std::vector.
inline int fragile_total(const std::vector<Fragile>& items) {
    int sum = 0;
    for (const Fragile& f : items) sum += f.value;
    return sum;
}

/// A map result: each value copied.
inline std::map<std::string, Fragile> named(int n) {
    bool was = fragile_armed();
    fragile_armed() = false;
    std::map<std::string, Fragile> out;
    for (int i = 0; i < n; ++i) out.emplace(std::to_string(i), Fragile(i));
    fragile_armed() = was;
    return out;
}

/// A bool array whose size the callee took from a negative count (libstdc++ makes it with a
/// size past max_size()): converting it to numpy must not abort.
inline std::vector<bool> bits(int n) { return std::vector<bool>(static_cast<std::size_t>(n)); }  // swiggen: numpy

}  // namespace throwing
