#include "array_defaults.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace ad {

static void resize_region(const std::uint8_t* src, int h, int w, int c, int y0, int x0, int rh,
                          int rw, double fy, double fx, std::uint8_t* dst, int oh, int ow,
                          int interpolation, const std::uint8_t* lut) {
    if (y0 < 0 || x0 < 0 || rh <= 0 || rw <= 0 || y0 + rh > h || x0 + rw > w)
        throw std::invalid_argument("the region of interest is not inside the image");
    if (!(fy > 0) || !(fx > 0)) throw std::invalid_argument("scale factors must be positive");
    if (interpolation != NEAREST && interpolation != LINEAR)
        throw std::invalid_argument("interpolation must be 0 (nearest) or 1 (linear)");
    auto at = [&](int y, int x, int k) -> double {
        return src[((std::size_t)(y0 + y) * w + (x0 + x)) * c + k];
    };
    for (int y = 0; y < oh; ++y) {
        for (int x = 0; x < ow; ++x) {
            for (int k = 0; k < c; ++k) {
                double v;
                if (interpolation == NEAREST) {
                    int sy = std::min((int)std::floor(y / fy), rh - 1);
                    int sx = std::min((int)std::floor(x / fx), rw - 1);
                    v = at(sy, sx, k);
                } else {
                    double sy = std::min(std::max((y + 0.5) / fy - 0.5, 0.0), rh - 1.0);
                    double sx = std::min(std::max((x + 0.5) / fx - 0.5, 0.0), rw - 1.0);
                    int iy = (int)std::floor(sy), ix = (int)std::floor(sx);
                    int iy1 = std::min(iy + 1, rh - 1), ix1 = std::min(ix + 1, rw - 1);
                    double ty = sy - iy, tx = sx - ix;
                    double top = at(iy, ix, k) * (1 - tx) + at(iy, ix1, k) * tx;
                    double bottom = at(iy1, ix, k) * (1 - tx) + at(iy1, ix1, k) * tx;
                    v = top * (1 - ty) + bottom * ty;
                }
                std::uint8_t out = (std::uint8_t)std::min(255.0, std::floor(v + 0.5));
                dst[((std::size_t)y * ow + x) * c + k] = lut ? lut[out] : out;
            }
        }
    }
}

void ImageResizeInto(const std::uint8_t* src, int h, int w, int c, int y0, int x0, int rh, int rw,
                     double fy, double fx, std::uint8_t* dst, int oh, int ow, int interpolation) {
    resize_region(src, h, w, c, y0, x0, rh, rw, fy, fx, dst, oh, ow, interpolation, nullptr);
}

void ImageResize(const std::uint8_t* src, int h, int w, int c, int y0, int x0, int rh, int rw,
                 double fy, double fx, std::uint8_t* dst, int oh, int ow, int interpolation) {
    resize_region(src, h, w, c, y0, x0, rh, rw, fy, fx, dst, oh, ow, interpolation, nullptr);
}

double wdot(const double* a, const double* b, int n, double scale, double offset) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += a[i] * b[i];
    return s * scale + offset;
}

double wsum(const double* x, int n, double p, const double* w) {
    double s = 0;
    if (w) {
        for (int i = 0; i < n; ++i) s += x[i] * w[i];
        return s;
    }
    for (int i = 0; i < n; ++i) s += x[i];
    return std::pow(s, p);
}

void affine(const float* a, double k, float* out, int n, double bias) {
    for (int i = 0; i < n; ++i) out[i] = (float)(a[i] * k + bias);
}

double plus(double k, const double* a, int n) {
    double s = k;
    for (int i = 0; a && i < n; ++i) s += a[i];
    return s;
}

void scale2(double* m, double f, int rows, int cols, int times) {
    for (int t = 0; t < times; ++t)
        for (int i = 0; i < rows * cols; ++i) m[i] *= f;
}

double sum_view(const float* p, int h, int w, long sy, long sx, double weight) {
    double s = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) s += p[y * sy + x * sx];
    return s * weight;
}

double head(const double* a, int k, int n, double scale) {
    if (k < 0 || k > n) throw std::out_of_range("k is not within the array");
    double s = 0;
    for (int i = 0; i < k; ++i) s += a[i];
    return s * scale;
}

double dot(const double* a, const double* b, int n, double scale) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += a[i] * b[i];
    return s * scale;
}

double dot(const float* a, const float* b, int n, double scale) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += (double)a[i] * b[i];
    return -s * scale;  // negated: tells the float overload from the double one
}

double dot(double a, double b) { return a * b; }

void repeat(const int* src, int n, int k, int* dst, int m, int offset) {
    for (int i = 0; i < m; ++i) dst[i] = src[i / k] + offset;
    (void)n;
}

int repeat(int value, int k) { return value * k; }

void twice(const double* a, int n, double s, double* out, int m) {
    for (int i = 0; i < m && i / 2 < n; ++i) out[i] = a[i / 2] * s;
}

double twice(double x) { return 2 * x; }

void scale_by(double* x, double f, int n, int k) {
    for (int i = 0; i < n; ++i) x[i] *= f * k;
}

void scale_by(float* x, double f, int n, int k) {
    for (int i = 0; i < n; ++i) x[i] = (float)(-x[i] * f * k);
}

static double mean(const double* a, int len) {
    double s = 0;
    for (int i = 0; i < len; ++i) s += a[i];
    return len ? s / len : 0.0;
}

void fill_mean(const double* a, int len, double f, double* out, int n) {
    (void)f;
    const double m = mean(a, len);  // (once: `swiggen check` passes a million elements)
    for (int i = 0; i < n; ++i) out[i] = m;
}

void every(const double* a, int len, int d, double* out, int n) {
    for (int i = 0; i < n && i * d < len; ++i) out[i] = a[i * d];
}

void first_part(const double* a, int len, double f, double* out, int n) {
    (void)f;
    for (int i = 0; i < n && i < len; ++i) out[i] = a[i];
}

void odd_part(const double* a, int len, double f, double* out, int n) {
    (void)f;
    for (int i = 0; i < n; ++i) out[i] = i < len ? a[i] : -1.0;
}

void shape_of(const float* src, int h, int w, double f, float* dst, int oh, int ow) {
    (void)src, (void)h, (void)w, (void)f;
    for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x) dst[y * ow + x] = (float)(y * 1000 + x);
}

Resizer::Resizer(int interpolation, const std::uint8_t* lut, int n)
    : interpolation_(interpolation), lut_size_(lut ? n : 0) {
    if (lut && n != 256) throw std::invalid_argument("a lookup table has 256 entries");
    if (lut) {
        std::copy(lut, lut + 256, table_);
        lut_ = table_;
    }
}

Resizer::Resizer(const double* x, const double* w, int n, int interpolation)
    : interpolation_(interpolation), weight_(dot(x, w, n, 1.0)) {}

void Resizer::resize(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh,
                     int ow, double fy, double fx, int interpolation) const {
    resize_region(src, h, w, c, 0, 0, h, w, fy, fx, dst, oh, ow,
                  interpolation < 0 ? interpolation_ : interpolation, lut_);
}

void Resizer::scale(double* x, double f, int n, double offset) const {
    for (int i = 0; i < n; ++i) x[i] = x[i] * f + offset;
}

void Resizer::add(const double* a, const double* b, double* out, int n, double k) {
    for (int i = 0; i < n; ++i) out[i] = (a[i] + b[i]) * k;
}

}  // namespace ad
