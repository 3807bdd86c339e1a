#include "arrays.h"

#include <chrono>
#include <stdexcept>
#include <thread>

namespace arr {
namespace {
template <class T> double sum_of(const T* data, std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += std::real(data[i]);
    return s;
}
double sum_of(const bool* data, std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += data[i];
    return s;
}
template <class T> void twice_of(T* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<T>(data[i] * T(2));
}
void twice_of(bool* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) data[i] = !data[i];
}
template <class T> void iota_of(T* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<T>(i);
}
void iota_of(bool* out, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) out[i] = i % 2;
}
std::uintptr_t last_data = 0;
}  // namespace

double sum_bool(const bool* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_bool(const bool* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_bool(bool* data, std::size_t n) { twice_of(data, n); }
void iota_bool(bool* out, std::size_t n) { iota_of(out, n); }
double sum_i8(const std::int8_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_i8(const std::int8_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_i8(std::int8_t* data, std::size_t n) { twice_of(data, n); }
void iota_i8(std::int8_t* out, std::size_t n) { iota_of(out, n); }
double sum_u8(const std::uint8_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_u8(const std::uint8_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_u8(std::uint8_t* data, std::size_t n) { twice_of(data, n); }
void iota_u8(std::uint8_t* out, std::size_t n) { iota_of(out, n); }
double sum_i16(const std::int16_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_i16(const std::int16_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_i16(std::int16_t* data, std::size_t n) { twice_of(data, n); }
void iota_i16(std::int16_t* out, std::size_t n) { iota_of(out, n); }
double sum_u16(const std::uint16_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_u16(const std::uint16_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_u16(std::uint16_t* data, std::size_t n) { twice_of(data, n); }
void iota_u16(std::uint16_t* out, std::size_t n) { iota_of(out, n); }
double sum_i32(const std::int32_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_i32(const std::int32_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_i32(std::int32_t* data, std::size_t n) { twice_of(data, n); }
void iota_i32(std::int32_t* out, std::size_t n) { iota_of(out, n); }
double sum_u32(const std::uint32_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_u32(const std::uint32_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_u32(std::uint32_t* data, std::size_t n) { twice_of(data, n); }
void iota_u32(std::uint32_t* out, std::size_t n) { iota_of(out, n); }
double sum_i64(const std::int64_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_i64(const std::int64_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_i64(std::int64_t* data, std::size_t n) { twice_of(data, n); }
void iota_i64(std::int64_t* out, std::size_t n) { iota_of(out, n); }
double sum_u64(const std::uint64_t* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_u64(const std::uint64_t* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_u64(std::uint64_t* data, std::size_t n) { twice_of(data, n); }
void iota_u64(std::uint64_t* out, std::size_t n) { iota_of(out, n); }
double sum_f32(const float* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_f32(const float* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_f32(float* data, std::size_t n) { twice_of(data, n); }
void iota_f32(float* out, std::size_t n) { iota_of(out, n); }
double sum_f64(const double* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_f64(const double* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_f64(double* data, std::size_t n) { twice_of(data, n); }
void iota_f64(double* out, std::size_t n) { iota_of(out, n); }
double sum_c64(const std::complex<float>* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_c64(const std::complex<float>* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_c64(std::complex<float>* data, std::size_t n) { twice_of(data, n); }
void iota_c64(std::complex<float>* out, std::size_t n) { iota_of(out, n); }
double sum_c128(const std::complex<double>* data, std::size_t n) { return sum_of(data, n); }
std::uintptr_t addr_c128(const std::complex<double>* data, std::size_t) { return reinterpret_cast<std::uintptr_t>(data); }
void twice_c128(std::complex<double>* data, std::size_t n) { twice_of(data, n); }
void iota_c128(std::complex<double>* out, std::size_t n) { iota_of(out, n); }

double total(const double* xs, int k) { return sum_of(xs, static_cast<std::size_t>(k)); }
void negate(float* xs, long k) {
    for (long i = 0; i < k; ++i) xs[i] = -xs[i];
}
double squares(double* buf, std::size_t count_) {
    double s = 0;
    for (std::size_t i = 0; i < count_; ++i) s += buf[i] = double(i) * double(i);
    return s;
}
std::uintptr_t address_of(double* xs, int) { return reinterpret_cast<std::uintptr_t>(xs); }
int opaque(const double*, int k) { return k; }

void matmul(const double* a, int ar, int ac, const double* b, int br, int bc, double* c, int cr,
            int cc) {
    if (ac != br || cr != ar || cc != bc)
        throw std::invalid_argument("matmul: shapes do not match");
    for (int i = 0; i < ar; ++i)
        for (int j = 0; j < bc; ++j) {
            double s = 0;
            for (int k = 0; k < ac; ++k) s += a[i * ac + k] * b[k * bc + j];
            c[i * cc + j] = s;
        }
}
double sum2(const double* m, int rows, int cols) {
    return sum_of(m, static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
}
double sum_small(const double* data, unsigned char n) { return sum_of(data, n); }
double sum2_small(const double* m, signed char rows, short cols) {
    return sum_of(m, static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
}

void resize(const std::uint8_t* img, int h, int w, int c, std::uint8_t* dst, int dh, int dw,
            int dc) {
    if (c != dc) throw std::invalid_argument("resize: channel counts differ");
    for (int y = 0; y < dh; ++y)
        for (int x = 0; x < dw; ++x) {
            const int sy = y * h / dh, sx = x * w / dw;
            for (int k = 0; k < c; ++k) dst[(y * dw + x) * c + k] = img[(sy * w + sx) * c + k];
        }
}
std::uintptr_t addr3(const float* img, int, int, int) {
    return reinterpret_cast<std::uintptr_t>(img);
}

std::vector<double> linspace(double a, double b, std::size_t n) {
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) v[i] = n > 1 ? a + (b - a) * double(i) / double(n - 1) : a;
    last_data = reinterpret_cast<std::uintptr_t>(v.data());
    return v;
}
std::vector<std::int32_t> evens(int n) {
    std::vector<std::int32_t> v;
    for (int i = 0; i < n; ++i) v.push_back(2 * i);
    return v;
}
std::uintptr_t last_linspace_data() { return last_data; }
std::vector<double> as_list(double a, double b, std::size_t n) { return linspace(a, b, n); }

void nap(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }
void nap_gil(int ms) { nap(ms); }
double first(const double* data, std::size_t n) {
    if (n == 0) throw std::invalid_argument("first: empty array");
    return data[0];
}

Stats::Stats(const double* data, std::size_t n) { add(data, n); }
void Stats::add(const double* data, std::size_t n) { values_.insert(values_.end(), data, data + n); }
double Stats::mean() const { return values_.empty() ? 0.0 : sum_of(values_.data(), values_.size()) / double(values_.size()); }
std::vector<double> Stats::values() const { return values_; }

void gemm(const double* a, const double* b, double* c, int m, int k, int n) {
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
            double s = 0;
            for (int t = 0; t < k; ++t) s += a[i * k + t] * b[t * n + j];
            c[i * n + j] = s;
        }
}
double dot(const double* a, const double* b, std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += a[i] * b[i];
    return s;
}
int add(const float* a, const float* b, float* out, unsigned char n) {
    for (int i = 0; i < n; ++i) out[i] = a[i] + b[i];
    return n;
}
double trace(const double* m, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += m[i * n + i];
    return s;
}
void shrink(const std::uint8_t* src, int h, int w, int c, std::uint8_t* dst, int oh, int ow) {
    for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x)
            for (int k = 0; k < c; ++k)
                dst[(y * ow + x) * c + k] = src[((y * h / oh) * w + x * w / ow) * c + k];
}

double sum_view(const float* p, int h, int w, long sy, long sx) {
    double s = 0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) s += p[y * sy + x * sx];
    return s;
}
std::uintptr_t addr_view(const double* p, int, unsigned) {
    return reinterpret_cast<std::uintptr_t>(p);
}

Weighted::Weighted(const double* x, const double* w, int n) {
    for (int i = 0; i < n; ++i) total_ += x[i] * w[i];
}
void Weighted::scale(const double* x, double* y, int n) const {
    for (int i = 0; i < n; ++i) y[i] = total_ * x[i];
}
double Weighted::distance2(const double* x, const double* y, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += (x[i] - y[i]) * (x[i] - y[i]);
    return s;
}

void cumsum(const std::vector<double>& a, double* out, std::size_t n) {
    double total = 0;
    for (std::size_t i = 0; i < n; ++i) out[i] = total += a[i];
}

void doubled(const int* src, int n, int pad, int* dst, int m) {
    for (int i = 0; i < m; ++i) dst[i] = i < 2 * n ? src[i / 2] : -1;
    (void)pad;
}

}  // namespace arr
