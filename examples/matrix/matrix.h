// Dense float64 matrix kernels, BLAS style: every pointer first, then the sizes.
// swiggen wraps them with annotations only (build.sh).
#pragma once

namespace matrix {

/// The product a @ b as a new m x n matrix.
// swiggen: array(a, m, k), array(b, k, n), out_array(c, m, n), nogil
void matmul(const double* a, const double* b, double* c, int m, int k, int n);

/// c += alpha * a @ b, in place.
// swiggen: array(a, m, k), array(b, k, n), inplace_array(c, m, n), nogil
void gemm_acc(const double* a, const double* b, double* c, int m, int k, int n, double alpha);

/// The transpose of an m x n matrix as a new n x m one.
// swiggen: array(a, m, n), out_array(t, n, m)
void transpose(const double* a, double* t, int m, int n);

/// The dot product of two vectors of one length.
// swiggen: array(x, n), array(y, n)
double dot(const double* x, const double* y, int n);

}  // namespace matrix
