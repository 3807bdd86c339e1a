#pragma once
// Template declarations whose parameter lists and results macros or SFINAE write (imath's
// IMATH_ENABLE_IF, glog's DEFINE_CHECK_OP_IMPL, rapidjson's RAPIDJSON_DISABLEIF_RETURN): the
// view spells each parameter list from the parse (every parameter named, a class template's
// defaults as clang prints them), never from the macro's tokens.
#include <cstddef>
#include "deps/template_macros_dep.h"
namespace t_tmacros {
template <class T>
struct Pt2 {  // swiggen: template(Pt2i, int)
    T x{};
    Pt2() = default;
    explicit Pt2(T v) : x(v) {}
    template <typename V, TM_ENABLE_IF(HasX<V, T>::value)>
    explicit Pt2(const V& v) : x(v.x) {}  // expect SG303
    template <typename V, TM_ENABLE_IF(HasX<V, T>::value)>
    const Pt2& operator=(const V& v) { x = v.x; return *this; }  // expect SG303
    T get() const { return x; }
};

// comments between the macro's uses: the view once copied them into the parameter list
TM_DEFINE_OP(TmEq, ==)  // expect SG303
// another comment
TM_DEFINE_OP(TmLess, <)  // expect SG303
TM_SCALE(tm_scaled, 3)  // a macro's parameter with a default

struct Num {
    int v = 0;
    explicit Num(int n = 0) : v(n) {}
    template <typename T>
    TM_DISABLEIF_RETURN((IsNumber<T>), (bool)) operator==(const T& rhs) const { return v == rhs.v; }  // expect SG303
    bool operator==(int n) const { return v == n; }
    template <typename T>
    typename std::enable_if<IsNumber<T>::value, int>::type plus(T n) const { return v + int(n); }  // expect SG303
};

template <class T, TM_SECOND(U, T), std::size_t N = sizeof(T)>
struct Cell2 {  // swiggen: template(Cell2i, int), template(Cell2id, int, double)
    T a{};
    U b{};
    std::size_t size() const { return N; }
};
// rapidjson's GenericReader: defaults naming a class and a constant of the namespace, and a
// private constant as a parameter's default (SWIG copies them into the wrapper, at global scope)
struct Arena { int size = 7; };
const int kTmDepth = 4;
template <class T, class A = Arena, int D = kTmDepth>
class Reader {  // swiggen: template(ReaderI, int)
public:
    explicit Reader(A* arena = nullptr, int depth = kDepth) : depth_(arena ? arena->size : depth + D) {}  // expect SG302
    int depth() const { return depth_; }
private:
    static const int kDepth = 2;
    int depth_;
};
// nlohmann's type traits: a static member whose type only its dependent initialiser says
struct TmYes { static constexpr bool value = true; };
template <class T>
struct TmSame {  // swiggen: template(TmSameYes, t_tmacros::TmYes)
    static constexpr auto value = T::value;  // expect SG333
    static constexpr int size = int(sizeof(T));
};
template <class T, class = void>
struct Probe {  // swiggen: template(ProbeInt, int)
    int kind() const { return 1; }
};
template <template <class> class C, class T, int N = 3>
int nested_size(const C<T>&) { return N; }  // expect SG303
template <typename... Ts> int count_of(Ts...) { return int(sizeof...(Ts)); }  // expect SG303
template <class T, TM_ENABLE_IF(IsNumber<T>::value)>
T tm_twice(T v) { return v + v; }  // swiggen: template(tm_twice_int, int, 0)

// nlohmann's SFINAE parameter: operators in a template argument, which SWIG reads only in
// parentheses; and a SFINAE result of the same kind
template <typename C, typename std::enable_if<std::is_pointer<C>::value && !std::is_array<C>::value && sizeof(typename std::remove_pointer<C>::type) == 1, int>::type = 0>
int tm_length(C text) { return text ? 1 : 0; }  // expect SG303
template <typename T>
typename std::enable_if<(sizeof(T) > 2) || std::is_void<T>::value, bool>::type tm_wide(T) { return true; }  // expect SG303

// operator templates (glog's NullStream operator<<, fmt's conversion to any integer)
struct Sink {
    int n = 0;
    template <typename T, TM_ENABLE_IF(std::is_integral<T>::value)>
    explicit operator T() const { return T(n); }  // expect SG303
    template <typename T>
    bool operator<(const T& other) const { return n < other; }  // expect SG303
};
template <class T>
inline Sink& operator<<(Sink& s, const T&) { ++s.n; return s; }  // expect SG303
}  // namespace t_tmacros
