// A small image library in the style people write by hand: raw pointers and sizes, row-major
// H x W x C images of uint8 or float32. swiggen wraps it with annotations only (build.sh).
#pragma once
#include <cstdint>

namespace image {

/// Nearest-neighbour resize of an H x W x C image to oh x ow x C (a new image).
// swiggen: array(src, h, w, c), out_array(dst, oh, ow, c), nogil
void resize_nearest(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh,
                    int ow);
/// Nearest-neighbour resize of a float32 image.
// swiggen: array(src, h, w, c), out_array(dst, oh, ow, c), nogil
void resize_nearest_f32(const float* src, int h, int w, int c, float* dst, int oh, int ow);

/// Bilinear resize (pixel centres aligned, edges clamped) of an H x W x C image; uint8 results
/// are rounded to nearest.
// swiggen: array(src, h, w, c), out_array(dst, oh, ow, c), nogil
void resize_bilinear(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh,
                     int ow);
/// Bilinear resize of a float32 image.
// swiggen: array(src, h, w, c), out_array(dst, oh, ow, c), nogil
void resize_bilinear_f32(const float* src, int h, int w, int c, float* dst, int oh, int ow);

/// Grayscale (ITU-R BT.601 weights, rounded) of an H x W x 3 RGB image into a new H x W one.
/// Throws std::invalid_argument unless the image has 3 channels.
// swiggen: array(rgb, h, w, c), out_array(gray, h, w), nogil
void grayscale(const std::uint8_t* rgb, int h, int w, int c, std::uint8_t* gray);

/// 3 x 3 convolution (correlation, as image libraries define it) of a float32 H x W image, edges
/// replicated. Throws std::invalid_argument unless the kernel is 3 x 3.
// swiggen: array(src, h, w), array(kernel, kh, kw), out_array(dst, h, w), nogil
void convolve3x3(const float* src, int h, int w, const float* kernel, int kh, int kw, float* dst);

/// Brightness in place: every sample of an H x W x C image times `gain`, saturated.
// swiggen: inplace_array(img, h, w, c), nogil
void brighten(std::uint8_t* img, int h, int w, int c, float gain);

}  // namespace image
