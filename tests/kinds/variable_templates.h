// Variable templates (toml++'s `first_is_same`, `is_one_of`): libclang shows their initialisers
// as expressions at namespace scope, which are nothing to wrap or to skip; the namespace's
// other declarations are wrapped as usual (an %ignore of the namespace had dropped its enum).
#pragma once
#include <type_traits>

namespace vt {
template <typename T, typename... U>
inline constexpr bool first_is_same = false;
template <typename T, typename... U>
inline constexpr bool first_is_same<T, T, U...> = true;
template <typename T, typename... U>
inline constexpr bool is_one_of = (false || ... || std::is_same_v<T, U>);

enum class fp_class { ok, neg_inf, pos_inf, nan };
inline fp_class classify(double v) {
    return v != v ? fp_class::nan : v > 1e308 ? fp_class::pos_inf
         : v < -1e308 ? fp_class::neg_inf : fp_class::ok;
}
inline bool int_is_one_of_int_float() { return is_one_of<int, int, float>; }
}  // namespace vt
