// Templates whose declarations hold conditions as clang spells them, which SWIG's parser could
// not read (CLI11's TypeTools.hpp: a SWIG syntax error failed the whole build). Not
// instantiated: SWIG only reads them in the declaration view, which must say them its way.
#pragma once
#include <type_traits>

namespace tc {
template <typename T> struct Count { static constexpr int value = sizeof(T); };
template <bool B, class T = void> using enable_if_t = typename std::enable_if<B, T>::type;
enum class enabler {};

// a `<` comparison in a template argument: SWIG takes none, even in parentheses
template <typename T, std::size_t I>
constexpr typename std::enable_if < I<Count<T>::value, int>::type slots() { return 0; }
// two comparisons beside each other: SWIG takes them each in parentheses only
template <typename T, int I>
typename std::enable_if<!(I < 0) && (I < Count<T>::value || I > 100), int>::type within() {
    return I;
}
template <typename T, int I>
typename std::enable_if<(I >= 2 && I <= 8), int>::type ranged() { return I; }
// `a && (b || c)` in a non-type parameter's type, taken for an rvalue reference `T&&`
template <typename A, typename B,
          enable_if_t<std::is_same<A, B>::value && (Count<A>::value == 4 || Count<A>::value == 8),
                      enabler> = enabler{}>
bool same_size(const A &, const B &) { return true; }
// no spelling SWIG reads (`a < b < c`): the view leaves it out, the rest of the module builds
template <int A, int B, int C>
typename std::enable_if<(A < B < C), int>::type chained() { return 1; }

// what Python calls
inline int first_slot() { return slots<int, 1>(); }
inline int inside() { return within<int, 2>() + ranged<int, 3>(); }
inline bool same_ints() { return same_size(1, 2); }
}  // namespace tc
