// Eigen's dense types as numpy arrays, with no annotation (docs/eigen.md, lower/eigen.py).
// Eigen is found through the system include folder (/usr/include/eigen3: libeigen3-dev), so the
// case needs no flags; a library's own header would write <Eigen/Dense> and pass -I or
// --pkg-config eigen3 (tests/examples/test_eigen.py).
#pragma once
#include <eigen3/Eigen/Dense>
#include <complex>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace eg {
typedef Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> RowMatrixXd;
typedef Eigen::Matrix<std::complex<double>, Eigen::Dynamic, 1> VectorXcd;

/// Solves a x = b.
Eigen::VectorXd solve(const Eigen::MatrixXd &a, const Eigen::VectorXd &b);
Eigen::MatrixXd matmul(const Eigen::Ref<const Eigen::MatrixXd> &a,
                       const Eigen::Ref<const Eigen::MatrixXd> &b);
/// Multiplies in place.
void scale(Eigen::Ref<Eigen::MatrixXd> m, double f);
void scale_rows(Eigen::Ref<RowMatrixXd> m, double f);
void scale_vector(Eigen::Ref<Eigen::VectorXd> v, double f);
void fill_strided(Eigen::Ref<Eigen::MatrixXd, 0, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> m,
                  double value);

// by value, each dtype
Eigen::MatrixXf twice_f(Eigen::MatrixXf m);
Eigen::MatrixXi twice_i(const Eigen::MatrixXi &m);
Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> twice_l(const Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> &v);
VectorXcd conj(const VectorXcd &v);
Eigen::Matrix<std::complex<float>, 2, 2> conj2(const Eigen::Matrix<std::complex<float>, 2, 2> &m);
Eigen::Array<bool, Eigen::Dynamic, 1> positive(const Eigen::ArrayXd &a);
Eigen::ArrayXXd squares(const Eigen::ArrayXXd &a);

// fixed sizes, row vectors, row-major
Eigen::Vector3d cross(const Eigen::Vector3d &a, const Eigen::Vector3d &b);
Eigen::Matrix3d outer3(const Eigen::Vector3d &a, const Eigen::RowVector3d &b);
Eigen::RowVectorXd row_sums(const RowMatrixXd &m);
double trace(const Eigen::Ref<const RowMatrixXd> &m);
double sum_strided(const Eigen::Ref<const Eigen::MatrixXd, 0, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> &m);
double first(const Eigen::Map<const Eigen::VectorXd> &v);

/// Holds a matrix and hands out views of it.
class Store {
 public:
  Store(int rows, int cols);
  const Eigen::MatrixXd &data() const;
  Eigen::MatrixXd &mutable_data();
  Eigen::Ref<Eigen::MatrixXd> block(int row, int col, int rows, int cols);
  Eigen::Map<const Eigen::VectorXd> flat() const;
  void resize(int rows, int cols);

 private:
  Eigen::MatrixXd m_;
};

struct Pose {
  Eigen::Vector3d position;
  Eigen::Matrix3d rotation;
  Eigen::MatrixXd samples;
};

// left out (SG311): a plain matrix by non-const reference could be resized under numpy
void resize_me(Eigen::MatrixXd &m);

// matrices inside containers: each item an array, copied each way
std::vector<Eigen::Vector3d> shifted(const std::vector<Eigen::Vector3d> &points, double by);
std::vector<Eigen::VectorXd> ranges(const std::vector<int> &lengths);
double total(const std::vector<Eigen::VectorXd> &vectors);
std::map<std::string, Eigen::MatrixXf> identities(int n);
Eigen::ArrayXXi stacked(const std::vector<Eigen::Array<int, 1, 2>> &rows);
/// An out-parameter.
void constant(int n, double value, Eigen::MatrixXd &m);  // swiggen: out(m)
// left out (SG311): a Ref inside a container would point into a temporary
double sum_refs(const std::vector<Eigen::Ref<const Eigen::VectorXd>> &vectors);
}  // namespace eg
