// Array directives with default arguments and overloads, and out sizes from float expressions
// (tests/cases/array_defaults; issue #37 points 5 and 7).
#pragma once
#include <cstddef>
#include <cstdint>

namespace ad {

enum Interpolation { NEAREST = 0, LINEAR = 1 };

/// The brief's operator: region (y0, x0, rh, rw) of an h x w x c image, scaled by (fy, fx)
/// into dst (oh x ow x c), nearest (0) or bilinear (1, the default) with half-pixel centres.
// swiggen: array(src, h, w, c), out_array(dst, oh, ow, c)
void ImageResizeInto(const std::uint8_t* src, int h, int w, int c, int y0, int x0, int rh, int rw,
                     double fy, double fx, std::uint8_t* dst, int oh, int ow,
                     int interpolation = 1);

/// The same, its out size round(rh * fy) x round(rw * fx): Python passes no size.
// swiggen: array(src, h, w, c), out_array(dst, oh=round(rh*fy), ow=round(rw*fx), c)
void ImageResize(const std::uint8_t* src, int h, int w, int c, int y0, int x0, int rh, int rw,
                 double fy, double fx, std::uint8_t* dst, int oh, int ow, int interpolation = 1);

// --- defaults after, between and before arrays (free functions) ----------------------------
/// sum(a * b) * scale + offset: shared n (a shim), two defaults after the arrays.
// swiggen: array(a, n), array(b, n)
double wdot(const double* a, const double* b, int n, double scale = 1.0, double offset = 0.0);
/// sum(x * w) with w optional (a null pointer when left out: then sum(x) ** p), p between
/// the arrays in Python's order.
// swiggen: array(x, n), array(w, n)
double wsum(const double* x, int n, double p = 1.0, const double* w = nullptr);
/// Every element of `a` times k then plus `bias`, into a new array: k between the array and
/// its length in C++.
// swiggen: array(a, n), out_array(out, n)
void affine(const float* a, double k, float* out, int n, double bias = 0.0);
/// A default before the array (the array optional too), no shim: sum(a) + k.
// swiggen: array(a, n)
double plus(double k = 10.0, const double* a = nullptr, int n = 0);
/// In place: multiply an m x n matrix by f (default 2), dims after the pointer and f (shim).
// swiggen: inplace_array(m, rows, cols)
void scale2(double* m, double f, int rows, int cols, int times = 1);
/// Strided view (no shim): sum of every element times `weight`.
// swiggen: array(p, h, w), strided(p, sy, sx)
double sum_view(const float* p, int h, int w, long sy, long sx, double weight = 1.0);
/// Dimension moved (the tag goes before the default): sum of the first k elements of a.
// swiggen: array(a, n)
double head(const double* a, int k, int n, double scale = 1.0);

// --- overload sets ---------------------------------------------------------------------------
/// Dot product of two arrays of either dtype (two shims), or of two numbers.
// swiggen: array(a, n), array(b, n)
double dot(const double* a, const double* b, int n, double scale = 1.0);
// swiggen: array(a, n), array(b, n)
double dot(const float* a, const float* b, int n, double scale = 1.0);
double dot(double a, double b);
/// Repeat each element k times into a new array (a computed size), or a scalar k times.
// swiggen: array(src, n), out_array(dst, m=n*k)
void repeat(const int* src, int n, int k, int* dst, int m, int offset = 0);
int repeat(int value, int k);

/// An array function with a defaulted out pointer in an overload set: each element twice, times
/// s; or a number doubled.
// swiggen: array(a, n), out_array(out, m=n*2)
void twice(const double* a, int n, double s = 1.0, double* out = nullptr, int m = 0);
double twice(double x);
/// In place, by dtype: x * f * k (double) or -x * f * k (float); dimensions apart (shims).
// swiggen: inplace_array(x, n)
void scale_by(double* x, double f, int n, int k = 1);
// swiggen: inplace_array(x, n)
void scale_by(float* x, double f, int n, int k = 1);

// --- sizes from float expressions ----------------------------------------------------------
/// A new array of n elements: n = floor(len(a) * f) (math.floor), filled with a's mean.
// swiggen: array(a, len), out_array(out, n=math.floor(len*f))
void fill_mean(const double* a, int len, double f, double* out, int n);
/// n = ceil(len / d), every d-th element of a.
// swiggen: array(a, len), out_array(out, n=ceil(len / d))
void every(const double* a, int len, int d, double* out, int n);
/// n = int(len * f) (towards zero), the first n elements.
// swiggen: array(a, len), out_array(out, n=int(len * f))
void first_part(const double* a, int len, double f, double* out, int n);
/// n = max(1, round(len * f) - 1) // 2 (floor division of ints), the first n elements.
// swiggen: array(a, len), out_array(out, n=max(1, round(len * f) - 1) // 2)
void odd_part(const double* a, int len, double f, double* out, int n);

/// Every form of the size language: (max(1, ceil(h / 2)), int(w * f) // 2 + floor(-f) + 1), each
/// element its row * 1000 + its column.
// swiggen: array(src, h, w), out_array(dst, oh=max(1, math.ceil(h / 2)), ow=int(w * f) // 2 + floor(-f) + 1)
void shape_of(const float* src, int h, int w, double f, float* dst, int oh, int ow);

// --- methods and constructors --------------------------------------------------------------
class Resizer {
public:
    /// A resizer with a lookup table applied to every output value (identity if left out).
    // swiggen: array(lut, n)
    Resizer(int interpolation = 1, const std::uint8_t* lut = nullptr, int n = 0);
    /// Shared dimension, defaults after: weights w (n) and values x (n).
    // swiggen: array(x, n), array(w, n)
    Resizer(const double* x, const double* w, int n, int interpolation = 0);
    /// Resize by (fy, fx); out size round(h*fy) x round(w*fx); interpolation by default the
    /// resizer's.
    // swiggen: array(src, h, w, c), out_array(dst, oh=round(h*fy), ow=round(w*fx), c)
    void resize(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh, int ow,
                double fy = 2.0, double fx = 2.0, int interpolation = -1) const;
    /// Scale x by f in place, plus offset.
    // swiggen: inplace_array(x, n)
    void scale(double* x, double f, int n, double offset = 0.0) const;
    /// A static: a + b (shared n) into a new array, times k.
    // swiggen: array(a, n), array(b, n), out_array(out, n)
    static void add(const double* a, const double* b, double* out, int n, double k = 1.0);
    int interpolation() const { return interpolation_; }
    double weight() const { return weight_; }
    int lut_size() const { return lut_size_; }

private:
    int interpolation_;
    const std::uint8_t* lut_ = nullptr;
    int lut_size_ = 0;
    std::uint8_t table_[256] = {};
    double weight_ = 0;
};

}  // namespace ad
