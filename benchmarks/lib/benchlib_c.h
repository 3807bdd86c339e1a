/* A C view of benchlib for the cffi and ctypes bindings (benchmarks/pypy.py): free functions
 * with C types, a standard-layout point, and opaque handles for the classes. Every function
 * calls the C++ library; the shims only translate what C cannot say (overloads get names,
 * std::string becomes a malloc'd char*, an exception becomes a return code). */
#ifndef BENCHLIB_C_H
#define BENCHLIB_C_H

#include <stddef.h>

#ifdef __cplusplus
#define BENCH_C extern "C" __attribute__((visibility("default")))
#define BENCH_BOOL bool
#else
#define BENCH_C
#define BENCH_BOOL _Bool
#endif

typedef struct bench_point { double x, y; } bench_point; /* the layout of bench::Point */
typedef struct bench_counter bench_counter;
typedef struct bench_buffer bench_buffer;

BENCH_C int bench_add(int a, int b);
BENCH_C double bench_scale(double x, double factor, double offset);
BENCH_C int bench_twice_int(int x);
BENCH_C double bench_twice_double(double x);
BENCH_C char* bench_twice_str(const char* s); /* malloc'd; free with bench_free */
BENCH_C void bench_free(void* p);
BENCH_C int bench_checked(int i, int* out); /* 0, or -1 where C++ threw std::out_of_range */
BENCH_C double bench_sum(const double* data, size_t n);
BENCH_C int bench_nogil_add(int a, int b);
BENCH_C BENCH_BOOL bench_gil_held(void);

BENCH_C bench_point* bench_point_new(double x, double y);
BENCH_C void bench_point_delete(bench_point* p);

BENCH_C bench_counter* bench_counter_new(int start);
BENCH_C void bench_counter_delete(bench_counter* c);
BENCH_C int bench_counter_bump(bench_counter* c, int by);
BENCH_C int bench_counter_value(const bench_counter* c);

BENCH_C bench_buffer* bench_buffer_new(size_t n);
BENCH_C void bench_buffer_delete(bench_buffer* b);
BENCH_C size_t bench_buffer_size(const bench_buffer* b);
BENCH_C double bench_buffer_get(const bench_buffer* b, size_t i); /* unchecked, like operator[] */
BENCH_C void bench_buffer_set(bench_buffer* b, size_t i, double v);

#endif
