#pragma once
// Smart pointers to values and containers of containers: converted by value (convert.swg),
// never an opaque object, never a SWIG syntax error (lower/smartvalues.py, convertible.py).
#include <array>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace nv {

using Path = std::shared_ptr<const std::string>;

/// A region of a file, as toml++'s source_region: the path is shared by many regions.
struct Region {
    Path path;
    int line = 0;
};

inline Path path_of(const Region& r) { return r.path; }
inline std::size_t path_length(Path p) { return p->size(); }  // dereferences: None refused
inline std::size_t length_or_zero(const Path& p = nullptr) { return p ? p->size() : 0; }
inline std::shared_ptr<int> counter(int start) { return std::make_shared<int>(start); }
inline std::shared_ptr<int> no_counter() { return nullptr; }
inline int read_counter(const std::shared_ptr<int>& c) { return *c; }
inline std::unique_ptr<std::string> exclaim(const std::string& s) {
    return std::make_unique<std::string>(s + "!");
}
inline std::unique_ptr<std::vector<int>> sevens(int n) {
    return std::make_unique<std::vector<int>>(n, 7);
}
inline int total_of(std::unique_ptr<std::vector<int>> v) {
    int s = 0;
    for (int x : *v) s += x;
    return s;
}
inline std::shared_ptr<const std::map<std::string, int>> snapshot() {
    return std::make_shared<const std::map<std::string, int>>(
        std::map<std::string, int>{{"a", 1}, {"b", 2}});
}

/// A key buffer, as toml++'s parse_key_buffer: a string and (offset, length) pairs.
struct KeyBuffer {
    std::string buffer;
    std::vector<std::pair<std::size_t, std::size_t>> segments;
};

/// A struct C++ cannot copy: its smart pointer member reads, but cannot be assigned.
struct Owner {
    std::unique_ptr<int> owned = std::make_unique<int>(5);
    int depth = 0;
};

/// A struct with a const member: pickling assigns the others, the const keeps its initializer.
struct Versioned {
    int major = 1;
    std::vector<std::vector<int>> blocks;
    const int format = 3;
};

inline std::vector<std::pair<int, int>> squares(int n) {
    std::vector<std::pair<int, int>> v;
    for (int i = 0; i < n; ++i) v.push_back({i, i * i});
    return v;
}
inline int sum_pairs(const std::vector<std::pair<int, int>>& v) {
    int s = 0;
    for (const auto& p : v) s += p.first + p.second;
    return s;
}
inline std::vector<std::vector<int>> grid(int rows, int cols) {
    return std::vector<std::vector<int>>(rows, std::vector<int>(cols, 1));
}
inline int grid_total(const std::vector<std::vector<int>>& g) {
    int s = 0;
    for (const auto& row : g)
        for (int v : row) s += v;
    return s;
}
inline std::map<std::string, std::vector<double>> columns() {
    return {{"x", {1.0, 2.0}}, {"y", {}}};
}
inline std::map<std::string, std::pair<int, double>> table() { return {{"a", {1, 2.5}}}; }
inline std::vector<std::optional<int>> maybe(int n) { return {std::nullopt, n}; }
inline std::vector<std::set<int>> sets(int n) { return {{1, 2}, {n}}; }
inline std::vector<std::map<std::string, int>> records() { return {{{"k", 1}}, {}}; }

/// Classes in an inline namespace (toml++'s `toml::v3`), as list items and dict values of
/// fields: libclang's canonical spelling drops `v3`, SWIG's does not.
inline namespace v2 {
struct Mark {
    int line = 0;
};
struct Marks {
    std::vector<Mark> starts;
    std::map<std::string, Mark> named;
    std::map<std::string, int> counts;
};
}  // namespace v2

inline int corner_sum(const std::vector<std::array<int, 3>>& corners) {
    int s = 0;
    for (const auto& c : corners) s += c[0] + c[1] + c[2];
    return s;
}

}  // namespace nv
