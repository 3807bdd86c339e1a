// Standard library types and aliases real headers use (issue #14): converted to Python values,
// or left out with a warning.
#pragma once
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <utility>
#include <vector>

#include "types.h"

namespace st {

// aliases from a header SWIG does not read
inline int32 add(int32 a, int32 b) { return a + b; }
inline Real half(Real v) { return v / 2; }
inline Samples doubled(const Samples& s) {
    Samples r;
    for (double v : s) r.push_back(2 * v);
    return r;
}
inline lib::Counts count_of(const lib::Name& word) { return {{word, static_cast<int>(word.size())}}; }

// an alias template SWIG cannot reduce: std::string all the same
template <class T>
using Alloc = typename std::conditional<true, std::allocator<T>, void>::type;
using String = std::basic_string<char, std::char_traits<char>, Alloc<char>>;
inline String shout(const String& s) { return s + "!"; }

inline std::optional<int> maybe(bool b) {
    if (b) return 3;
    return std::nullopt;
}
inline int or_zero(std::optional<int> v) { return v.value_or(0); }
inline std::optional<std::string> name_of(int i) {
    if (i == 0) return std::nullopt;
    return std::string(i, 'x');
}
inline std::set<int> uniq(const std::vector<int>& v) { return std::set<int>(v.begin(), v.end()); }
inline int set_size(const std::set<std::string>& s) { return static_cast<int>(s.size()); }
inline std::unordered_set<std::string> words() { return {"a", "b"}; }
inline std::pair<int, std::string> entry() { return {1, "one"}; }
inline int first_of(const std::pair<int, double>& p) { return p.first; }
inline int sv_len(std::string_view s) { return static_cast<int>(s.size()); }
inline std::string_view greeting() { return "hello"; }
inline std::string take(std::string&& s) { return std::move(s) + "."; }
inline int total(std::vector<int>&& v) {
    int t = 0;
    for (int x : v) t += x;
    return t;
}
inline long double third(long double x) { return x / 3; }

enum : unsigned long long { kHuge = 0xFFFFFFFFFFFFFFFFull };

struct Record {
    enum : long long { kFar = -(1LL << 40) };
    std::optional<int> id;
    std::set<int> tags;
    std::pair<int, int> span{1, 2};
    long double weight = 1.5L;
    std::string_view label = "record";
};

struct Opaque {
    int v = 0;
};
// an item that is a wrapped class converts (interfaces/convert.swg)
inline std::optional<Opaque> find(int v) { return Opaque{v}; }
// not converted: left out with a warning
inline void fill(std::set<int>& out) { out.insert(1); }
inline bool holds(std::optional<const Opaque*> p) { return p.has_value(); }

}  // namespace st
