#include <cstdint>
namespace img {
// The annotation names two of the image's three dimensions: c is left to the caller, unchecked.
// swiggen: array(src, h, w), inplace_array(dst, oh, ow)
void resize(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh, int ow,
            int oc);
// Shared dimensions are checked, so nothing is said about them.
// swiggen: array(a, n), array(b, n)
double dot(const double* a, const double* b, int n);
}
