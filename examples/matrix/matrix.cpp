#include "matrix.h"

#include <algorithm>

namespace matrix {

void gemm_acc(const double* a, const double* b, double* c, int m, int k, int n, double alpha) {
    for (int i = 0; i < m; ++i)
        for (int t = 0; t < k; ++t) {
            const double s = alpha * a[static_cast<long long>(i) * k + t];
            const double* brow = b + static_cast<long long>(t) * n;
            double* crow = c + static_cast<long long>(i) * n;
            for (int j = 0; j < n; ++j) crow[j] += s * brow[j];
        }
}

void matmul(const double* a, const double* b, double* c, int m, int k, int n) {
    std::fill(c, c + static_cast<long long>(m) * n, 0.0);
    gemm_acc(a, b, c, m, k, n, 1.0);
}

void transpose(const double* a, double* t, int m, int n) {
    for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) t[static_cast<long long>(j) * m + i] = a[static_cast<long long>(i) * n + j];
}

double dot(const double* x, const double* y, int n) {
    double s = 0;
    for (int i = 0; i < n; ++i) s += x[i] * y[i];
    return s;
}

}  // namespace matrix
