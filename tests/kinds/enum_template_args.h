// Class templates whose non-type parameter is an enum, named through typedefs that write the
// enumerator unqualified (glm's `typedef vec<2, float, defaultp> vec2;`): the view spells the
// argument qualified (`glm::defaultp`), or drops it where it is the parameter's default.
#pragma once

namespace gl {
enum qualifier { packed_highp, packed_lowp, defaultp = packed_highp };
template <int L, typename T, qualifier Q = defaultp> struct vec {
    T x[L];
    int precision() const { return Q; }
};
typedef vec<2, float, defaultp> vec2;
typedef vec<3, int, packed_lowp> lowp_ivec3;
inline float sum2(const vec2 &v) { return v.x[0] + v.x[1]; }
inline vec2 make2(float a, float b) { vec2 v; v.x[0] = a; v.x[1] = b; return v; }
inline int precision_of(const lowp_ivec3 &v) { return v.precision(); }
inline lowp_ivec3 make_lowp() { lowp_ivec3 v{}; return v; }
}  // namespace gl
