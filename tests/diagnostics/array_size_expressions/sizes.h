#include <cstdint>
namespace sizes {
// swiggen: array(src, h, w), out_array(dst, oh=h*fy, ow=w)
void unrounded(const float* src, int h, int w, double fy, float* dst, int oh, int ow);
// swiggen: array(src, n), out_array(dst, m=n**2)
void power(const float* src, int n, float* dst, int m);
// swiggen: array(src, n), out_array(dst, m=round(n*f, 2))
void digits(const float* src, int n, double f, float* dst, int m);
// swiggen: array(src, n), out_array(dst, m=round(k*f))
void unknown(const float* src, int n, double f, float* dst, int m);
// swiggen: array(src, n), out_array(dst, m=src.shape[1])
void axis(const float* src, int n, float* dst, int m);
// swiggen: array(src, n), out_array(dst, m=math.sqrt(n))
void root(const float* src, int n, float* dst, int m);
// Accepted: every form of the language.
// swiggen: array(src, h, w), out_array(dst, oh=max(1, math.ceil(h / 2)), ow=int(w * f) // 2 + floor(-f))
void fine(const float* src, int h, int w, double f, float* dst, int oh, int ow);
}
