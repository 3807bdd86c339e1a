#include "linalg.h"

#include <cmath>
#include <stdexcept>

namespace linalg {
Eigen::VectorXd solve(const Eigen::MatrixXd &a, const Eigen::VectorXd &b) {
  if (a.rows() != a.cols() || a.rows() != b.size())
    throw std::invalid_argument("solve: a must be square and match b");
  return a.colPivHouseholderQr().solve(b);
}
Eigen::MatrixXd matmul(const Eigen::Ref<const Eigen::MatrixXd> &a,
                       const Eigen::Ref<const Eigen::MatrixXd> &b) {
  if (a.cols() != b.rows()) throw std::invalid_argument("matmul: a's columns must match b's rows");
  return a * b;
}
void scale(Eigen::Ref<Eigen::MatrixXd> m, double f) { m *= f; }
Eigen::Matrix3d rotation_z(double angle) {
  return Eigen::AngleAxisd(angle, Eigen::Vector3d::UnitZ()).toRotationMatrix();
}
}  // namespace linalg
