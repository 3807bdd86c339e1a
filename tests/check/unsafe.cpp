#include "unsafe.h"

#include <cstdlib>
#include <cstring>

namespace unsafe {

namespace {
int table[4] = {1, 2, 3, 4};
int *lookup(int n) { return n < 0 ? nullptr : &table[n % 4]; }
char *volatile kept;
}  // namespace

long long twice(int n) { return 2LL * n; }

int deref(int n) {
    int *volatile p = lookup(n);  // volatile: the compiler cannot drop the load
    return *p;
}

int spin(int n) {
    volatile int steps = 0;
    while (n < 0) {
        steps = steps + 1;
    }
    return steps;
}

void must_be_nonzero(int n) {
    if (n == 0) {
        std::abort();
    }
}

int leak(int n) {
    char *p = new char[4096];
    std::memset(p, n, 4096);
    kept = p;  // and never freed
    return p[0];
}

int past_end(int n) {
    int *a = new int[4]{n, n, n, n};
    int *volatile q = a;
    int r = q[4];
    delete[] a;
    return r;
}

}  // namespace unsafe
