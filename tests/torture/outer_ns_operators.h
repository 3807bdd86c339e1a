#pragma once
// Free operators declared in an enclosing namespace (or at global scope) of their class's:
// argument-dependent lookup does not find them from the wrapper, so each call names them
#include <ostream>
#include <string>
namespace t_ons {
namespace detail {
struct Vec { int v = 0; };
struct Label { std::string s; };
struct Score { int n = 0; };
}  // namespace detail
inline bool operator==(const detail::Vec& a, const detail::Vec& b) { return a.v == b.v; }
inline bool operator<(const detail::Vec& a, const detail::Vec& b) { return a.v < b.v; }
inline detail::Vec operator+(const detail::Vec& a, int k) { return {a.v + k}; }
inline detail::Vec operator+(int k, const detail::Vec& a) { return {a.v + 10 * k}; }
inline detail::Vec operator-(const detail::Vec& a) { return {-a.v}; }
inline detail::Vec& operator+=(detail::Vec& a, int k) { a.v += k; return a; }
inline std::ostream& operator<<(std::ostream& o, const detail::Vec& a) {
    return o << "Vec(" << a.v << ")";
}
// operands by non-const reference: the wrapper's self is not const
inline bool operator==(detail::Label& a, detail::Label& b) { return a.s == b.s; }
inline int operator>>(int k, detail::Score& t) { t.n += k; return t.n; }
}  // namespace t_ons
// at global scope, for a namespaced class
inline bool operator==(const t_ons::detail::Score& a, const t_ons::detail::Score& b) {
    return a.n == b.n;
}
