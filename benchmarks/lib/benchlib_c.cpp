// The extern "C" shims of benchlib_c.h: each one calls the C++ library.
#include "benchlib_c.h"

#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#include "benchlib.h"

static_assert(std::is_standard_layout<bench::Point>::value &&
                  sizeof(bench::Point) == sizeof(bench_point),
              "bench_point must have bench::Point's layout");

int bench_add(int a, int b) { return bench::add(a, b); }
double bench_scale(double x, double factor, double offset) {
    return bench::scale(x, factor, offset);
}
int bench_twice_int(int x) { return bench::twice(x); }
double bench_twice_double(double x) { return bench::twice(x); }

char* bench_twice_str(const char* s) {
    std::string r = bench::twice(std::string(s));
    char* out = static_cast<char*>(std::malloc(r.size() + 1));
    if (out) std::memcpy(out, r.c_str(), r.size() + 1);
    return out;
}

void bench_free(void* p) { std::free(p); }

int bench_checked(int i, int* out) {
    try {
        *out = bench::checked(i);
        return 0;
    } catch (const std::out_of_range&) {
        return -1;
    }
}

double bench_sum(const double* data, size_t n) { return bench::sum(data, n); }
int bench_nogil_add(int a, int b) { return bench::nogil_add(a, b); }
bool bench_gil_held(void) { return bench::gil_held(); }

bench_point* bench_point_new(double x, double y) {
    return reinterpret_cast<bench_point*>(new bench::Point(x, y));
}
void bench_point_delete(bench_point* p) { delete reinterpret_cast<bench::Point*>(p); }

bench_counter* bench_counter_new(int start) {
    return reinterpret_cast<bench_counter*>(new bench::Counter(start));
}
void bench_counter_delete(bench_counter* c) { delete reinterpret_cast<bench::Counter*>(c); }
int bench_counter_bump(bench_counter* c, int by) {
    return reinterpret_cast<bench::Counter*>(c)->bump(by);
}
int bench_counter_value(const bench_counter* c) {
    return reinterpret_cast<const bench::Counter*>(c)->value();
}

bench_buffer* bench_buffer_new(size_t n) {
    return reinterpret_cast<bench_buffer*>(new bench::Buffer(n));
}
void bench_buffer_delete(bench_buffer* b) { delete reinterpret_cast<bench::Buffer*>(b); }
size_t bench_buffer_size(const bench_buffer* b) {
    return reinterpret_cast<const bench::Buffer*>(b)->size();
}
double bench_buffer_get(const bench_buffer* b, size_t i) {
    return (*reinterpret_cast<const bench::Buffer*>(b))[i];
}
void bench_buffer_set(bench_buffer* b, size_t i, double v) {
    (*reinterpret_cast<bench::Buffer*>(b))[i] = v;
}
