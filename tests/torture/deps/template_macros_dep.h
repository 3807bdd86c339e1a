// The macros and SFINAE helpers template_macros.h uses (as imath, glog and rapidjson keep them
// in headers of their own): a header the torture module does not wrap.
#pragma once
#include <type_traits>
#define TM_ENABLE_IF(...) std::enable_if_t<(__VA_ARGS__), int> = 0
#define TM_DEFINE_OP(name, op)                                           \
    template <typename T1, typename T2>                                  \
    inline bool name##Impl(const T1& a, const T2& b) { return a op b; }  \
    inline bool name##Impl(int a, int b) { return name##Impl<int, int>(a, b); }
#define TM_DISABLEIF_RETURN(cond, returntype)                                         \
    typename ::t_tmacros::DisableIf<                                                  \
        typename ::t_tmacros::RemoveTag< ::t_tmacros::Tag & (*) cond>::Type,          \
        typename ::t_tmacros::RemoveTag< ::t_tmacros::Tag & (*) returntype>::Type>::Type
#define TM_SECOND(name, first) class name = first
#define TM_SCALE(name, factor) inline int name(int v, int k = factor) { return v * k; }
namespace t_tmacros {
struct Tag {};
template <typename T> struct RemoveTag;
template <typename T> struct RemoveTag<Tag & (*)(T)> { typedef T Type; };
template <bool B, typename T = void> struct DisableIfCond { typedef T Type; };
template <typename T> struct DisableIfCond<true, T> {};
template <typename C, typename T = void> struct DisableIf : DisableIfCond<C::value, T> {};
template <typename T> struct IsNumber { static const bool value = std::is_arithmetic<T>::value; };
template <class V, class T> struct HasX { static const bool value = sizeof(V) > 0; };
}  // namespace t_tmacros
