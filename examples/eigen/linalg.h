// The Eigen example: functions written in Eigen's own types, wrapped with no annotation.
// numpy arrays go in and come out (docs/eigen.md).
#pragma once
#include <Eigen/Dense>

namespace linalg {
/// Solves a x = b (a square, b a vector), by a column-pivoting QR decomposition.
Eigen::VectorXd solve(const Eigen::MatrixXd &a, const Eigen::VectorXd &b);
/// The product a b: the arguments are viewed in place where their strides allow.
Eigen::MatrixXd matmul(const Eigen::Ref<const Eigen::MatrixXd> &a,
                       const Eigen::Ref<const Eigen::MatrixXd> &b);
/// Multiplies m by f in place: m is a column-major (Fortran-order) float64 array.
void scale(Eigen::Ref<Eigen::MatrixXd> m, double f);
/// A rotation by `angle` radians about the z axis.
Eigen::Matrix3d rotation_z(double angle);
}  // namespace linalg
