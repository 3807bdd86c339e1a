#pragma once
// Types SWIG's parser has no spelling of (__int128, __float128, vector extension types, a
// function type returning a function pointer), and typedefs of them (fmt's uint128_t, an
// alias template's result): the typedef is left out of the view and of NAME.i with a warning,
// like every declaration using it; what is beside them is wrapped.
namespace t_unread {
typedef __int128 i128;  // expect SG301
using u128 = unsigned __int128;  // expect SG301
typedef i128 wide_t;  // expect SG301
typedef __float128 quad;  // expect SG301
typedef float f4 __attribute__((vector_size(16)));  // expect SG301
typedef int (*pick_fn(int))(double);  // expect SG301
template <bool B, class T, class F> struct choose { typedef T type; };  // swiggen: ignore
template <class T, class F> struct choose<false, T, F> { typedef F type; };  // swiggen: ignore
struct fallback128 { unsigned long long lo = 0, hi = 0; };
using uint128_t = choose<true, u128, fallback128>::type;  // expect SG301
using narrow_t = choose<false, u128, fallback128>::type;  // the fallback: a wrapped class
inline i128 add128(i128 a, i128 b) { return a + b; }  // expect SG301
inline int low_bits(uint128_t v) { return int(v & 0xff); }  // expect SG301
inline int from_wide(wide_t v, int k = 1) { return int(v) * k; }  // expect SG301
inline unsigned __int128 make_wide() { return 1; }  // expect SG301
inline narrow_t make_narrow() { return narrow_t{1, 2}; }
struct Mixed128 {
    i128 big = 0;  // expect SG301
    int small = 2;
    f4 lanes = {};  // expect SG301
    int twice() const { return small * 2; }
};
extern u128 counter128;  // expect SG301
inline int readable(int v) { return v + 1; }
}  // namespace t_unread
