#include "image.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace image {
namespace {

template <class T>
void nearest(const T* src, int h, int w, int c, T* dst, int oh, int ow) {
    for (int y = 0; y < oh; ++y) {
        const int sy = static_cast<int>(static_cast<long long>(y) * h / oh);
        for (int x = 0; x < ow; ++x) {
            const int sx = static_cast<int>(static_cast<long long>(x) * w / ow);
            const T* from = src + (static_cast<long long>(sy) * w + sx) * c;
            std::copy(from, from + c, dst + (static_cast<long long>(y) * ow + x) * c);
        }
    }
}

inline std::uint8_t to_u8(float v) {
    return static_cast<std::uint8_t>(std::min(255.0f, std::max(0.0f, std::nearbyint(v))));
}
inline float store(float v, float*) { return v; }
inline std::uint8_t store(float v, std::uint8_t*) { return to_u8(v); }

/// Source coordinate of output index i (pixel centres aligned), split into index and weight.
inline void source(int i, int n, int out, int* i0, int* i1, float* t) {
    float s = (static_cast<float>(i) + 0.5f) * static_cast<float>(n) / static_cast<float>(out) - 0.5f;
    s = std::max(0.0f, std::min(s, static_cast<float>(n - 1)));
    *i0 = static_cast<int>(s);
    *i1 = std::min(*i0 + 1, n - 1);
    *t = s - static_cast<float>(*i0);
}

template <class T>
void bilinear(const T* src, int h, int w, int c, T* dst, int oh, int ow) {
    for (int y = 0; y < oh; ++y) {
        int y0, y1;
        float ty;
        source(y, h, oh, &y0, &y1, &ty);
        for (int x = 0; x < ow; ++x) {
            int x0, x1;
            float tx;
            source(x, w, ow, &x0, &x1, &tx);
            for (int k = 0; k < c; ++k) {
                auto at = [&](int yy, int xx) {
                    return static_cast<float>(src[(static_cast<long long>(yy) * w + xx) * c + k]);
                };
                const float top = at(y0, x0) + (at(y0, x1) - at(y0, x0)) * tx;
                const float bottom = at(y1, x0) + (at(y1, x1) - at(y1, x0)) * tx;
                dst[(static_cast<long long>(y) * ow + x) * c + k] =
                    store(top + (bottom - top) * ty, dst);
            }
        }
    }
}

}  // namespace

void resize_nearest(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh,
                    int ow) {
    nearest(src, h, w, c, dst, oh, ow);
}
void resize_nearest_f32(const float* src, int h, int w, int c, float* dst, int oh, int ow) {
    nearest(src, h, w, c, dst, oh, ow);
}
void resize_bilinear(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh,
                     int ow) {
    bilinear(src, h, w, c, dst, oh, ow);
}
void resize_bilinear_f32(const float* src, int h, int w, int c, float* dst, int oh, int ow) {
    bilinear(src, h, w, c, dst, oh, ow);
}

void grayscale(const std::uint8_t* rgb, int h, int w, int c, std::uint8_t* gray) {
    if (c != 3) throw std::invalid_argument("grayscale: the image must have 3 channels (RGB)");
    const long long n = static_cast<long long>(h) * w;
    for (long long i = 0; i < n; ++i) {
        const std::uint8_t* p = rgb + 3 * i;
        gray[i] = to_u8(0.299f * p[0] + 0.587f * p[1] + 0.114f * p[2]);
    }
}

void convolve3x3(const float* src, int h, int w, const float* kernel, int kh, int kw, float* dst) {
    if (kh != 3 || kw != 3) throw std::invalid_argument("convolve3x3: the kernel must be 3 x 3");
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            float s = 0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const int yy = std::min(h - 1, std::max(0, y + dy));
                    const int xx = std::min(w - 1, std::max(0, x + dx));
                    s += kernel[(dy + 1) * 3 + dx + 1] * src[static_cast<long long>(yy) * w + xx];
                }
            dst[static_cast<long long>(y) * w + x] = s;
        }
}

void brighten(std::uint8_t* img, int h, int w, int c, float gain) {
    const long long n = static_cast<long long>(h) * w * c;
    for (long long i = 0; i < n; ++i) img[i] = to_u8(img[i] * gain);
}

}  // namespace image
