// numpy arrays: in, in place, out, 2-D/3-D, numpy results, nogil (tests/cases/arrays).
#pragma once
#include <complex>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace arr {

// One function per dtype and direction, recognised by their parameter names (no directives):
// sum_*: const input; addr_*: the pointer received (zero-copy check); twice_*: in place;
// iota_*: out array.
double sum_bool(const bool* data, std::size_t n);
std::uintptr_t addr_bool(const bool* data, std::size_t n);
void twice_bool(bool* data, std::size_t n);
void iota_bool(bool* out, std::size_t n);
double sum_i8(const std::int8_t* data, std::size_t n);
std::uintptr_t addr_i8(const std::int8_t* data, std::size_t n);
void twice_i8(std::int8_t* data, std::size_t n);
void iota_i8(std::int8_t* out, std::size_t n);
double sum_u8(const std::uint8_t* data, std::size_t n);
std::uintptr_t addr_u8(const std::uint8_t* data, std::size_t n);
void twice_u8(std::uint8_t* data, std::size_t n);
void iota_u8(std::uint8_t* out, std::size_t n);
double sum_i16(const std::int16_t* data, std::size_t n);
std::uintptr_t addr_i16(const std::int16_t* data, std::size_t n);
void twice_i16(std::int16_t* data, std::size_t n);
void iota_i16(std::int16_t* out, std::size_t n);
double sum_u16(const std::uint16_t* data, std::size_t n);
std::uintptr_t addr_u16(const std::uint16_t* data, std::size_t n);
void twice_u16(std::uint16_t* data, std::size_t n);
void iota_u16(std::uint16_t* out, std::size_t n);
double sum_i32(const std::int32_t* data, std::size_t n);
std::uintptr_t addr_i32(const std::int32_t* data, std::size_t n);
void twice_i32(std::int32_t* data, std::size_t n);
void iota_i32(std::int32_t* out, std::size_t n);
double sum_u32(const std::uint32_t* data, std::size_t n);
std::uintptr_t addr_u32(const std::uint32_t* data, std::size_t n);
void twice_u32(std::uint32_t* data, std::size_t n);
void iota_u32(std::uint32_t* out, std::size_t n);
double sum_i64(const std::int64_t* data, std::size_t n);
std::uintptr_t addr_i64(const std::int64_t* data, std::size_t n);
void twice_i64(std::int64_t* data, std::size_t n);
void iota_i64(std::int64_t* out, std::size_t n);
double sum_u64(const std::uint64_t* data, std::size_t n);
std::uintptr_t addr_u64(const std::uint64_t* data, std::size_t n);
void twice_u64(std::uint64_t* data, std::size_t n);
void iota_u64(std::uint64_t* out, std::size_t n);
double sum_f32(const float* data, std::size_t n);
std::uintptr_t addr_f32(const float* data, std::size_t n);
void twice_f32(float* data, std::size_t n);
void iota_f32(float* out, std::size_t n);
double sum_f64(const double* data, std::size_t n);
std::uintptr_t addr_f64(const double* data, std::size_t n);
void twice_f64(double* data, std::size_t n);
void iota_f64(double* out, std::size_t n);
double sum_c64(const std::complex<float>* data, std::size_t n);
std::uintptr_t addr_c64(const std::complex<float>* data, std::size_t n);
void twice_c64(std::complex<float>* data, std::size_t n);
void iota_c64(std::complex<float>* out, std::size_t n);
double sum_c128(const std::complex<double>* data, std::size_t n);
std::uintptr_t addr_c128(const std::complex<double>* data, std::size_t n);
void twice_c128(std::complex<double>* data, std::size_t n);
void iota_c128(std::complex<double>* out, std::size_t n);

/// The same with directives, and parameter names that are not recognised.
double total(const double* xs, int k);  // swiggen: array(xs, k)
void negate(float* xs, long k);  // swiggen: inplace_array(xs, k)
// swiggen: out_array(buf, count_)
double squares(double* buf, std::size_t count_);
std::uintptr_t address_of(double* xs, int k);  // swiggen: inplace_array(xs, k)

/// A pointer and a length whose names say nothing stay a pointer (not wrapped as an array).
int opaque(const double* p, int k);

/// Matrix product c = a @ b over 2-D arrays; c is written in place.
// swiggen: array(a, ar, ac), array(b, br, bc), inplace_array(c, cr, cc)
void matmul(const double* a, int ar, int ac, const double* b, int br, int bc,
            double* c, int cr, int cc);
/// Sum of a 2-D array, recognised by (rows, cols).
double sum2(const double* m, int rows, int cols);
/// Sum of at most 255 values: the length parameter is an unsigned char.
double sum_small(const double* data, unsigned char n);
/// Sum of a 2-D array of at most 127 x 32767 values.
double sum2_small(const double* m, signed char rows, short cols);

/// Nearest-neighbour resize of an H x W x C uint8 image into dst (written in place).
// swiggen: inplace_array(dst, dh, dw, dc)
void resize(const std::uint8_t* img, int h, int w, int c, std::uint8_t* dst, int dh, int dw,
            int dc);
/// The pointer a 3-D input arrived at.
std::uintptr_t addr3(const float* img, int height, int width, int channels);

/// std::vector results as numpy arrays (moved, not copied) ...
std::vector<double> linspace(double a, double b, std::size_t n);  // swiggen: numpy
std::vector<std::int32_t> evens(int n);  // swiggen: numpy
std::uintptr_t last_linspace_data();
/// ... while one without the directive is still a list.
std::vector<double> as_list(double a, double b, std::size_t n);

/// Sleeps for `ms` milliseconds with the GIL released.
void nap(int ms);  // swiggen: nogil
/// The same, holding the GIL.
void nap_gil(int ms);
/// Throws std::invalid_argument for an empty array, with the GIL released.
double first(const double* data, std::size_t n);  // swiggen: nogil

/// A class whose methods take and return arrays.
class Stats {
public:
    Stats() = default;
    Stats(const double* data, std::size_t n);
    void add(const double* data, std::size_t n);
    double mean() const;
    std::vector<double> values() const;  // swiggen: numpy
private:
    std::vector<double> values_;
};

// Shared dimensions, dimensions apart from their pointer, N-D out arrays (through shims).
/// BLAS-style product: the dimensions follow every pointer; k is shared by a and b.
// swiggen: array(a, m, k), array(b, k, n), inplace_array(c, m, n)
void gemm(const double* a, const double* b, double* c, int m, int k, int n);
/// Dot product of two arrays of one length.
// swiggen: array(a, n), array(b, n)
double dot(const double* a, const double* b, std::size_t n);
/// Element-wise sum into a new array; returns how many elements it wrote.
// swiggen: array(a, n), array(b, n), out_array(out, n)
int add(const float* a, const float* b, float* out, unsigned char n);
/// Trace of a square matrix: both axes are n.
// swiggen: array(m, n, n)
double trace(const double* m, int n);
/// Nearest-neighbour resize into a new (oh, ow, c) image: c comes from src, oh and ow are
/// arguments.
// swiggen: array(src, h, w, c), out_array(dst, oh, ow, c), nogil
void shrink(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh, int ow);

/// Running sums of a list into a new array as long as the list (its size, computed).
// swiggen: out_array(out, n=len(a))
void cumsum(const std::vector<double>& a, double* out, std::size_t n);
/// Each element twice, then `pad` times -1: the length is an expression over an array's shape
/// and an argument.
// swiggen: array(src, n), out_array(dst, m=src.shape[0] * 2 + pad)
void doubled(const int* src, int n, int pad, int* dst, int m);

/// Sum of an h x w view whose rows are sy and columns sx elements apart (no copy of a crop).
// swiggen: array(p, h, w), strided(p, sy, sx)
double sum_view(const float* p, int h, int w, long sy, long sx);
/// Where a strided view arrived (zero-copy check); its step must fit an unsigned.
// swiggen: array(p, n), strided(p, step)
std::uintptr_t addr_view(const double* p, int n, unsigned step);

/// Methods, static methods and constructors with shared dimensions.
class Weighted {
public:
    // swiggen: array(w, n), array(x, n)
    Weighted(const double* x, const double* w, int n);
    // swiggen: array(x, n), out_array(y, n)
    void scale(const double* x, double* y, int n) const;
    // swiggen: array(x, n), array(y, n)
    static double distance2(const double* x, const double* y, int n);
    double total() const { return total_; }
private:
    double total_ = 0;
};

}  // namespace arr
