#include "eigen.h"

#include <stdexcept>

namespace eg {
Eigen::VectorXd solve(const Eigen::MatrixXd &a, const Eigen::VectorXd &b) {
  if (a.rows() != b.size()) throw std::invalid_argument("solve: a and b do not agree");
  return a.colPivHouseholderQr().solve(b);
}
Eigen::MatrixXd matmul(const Eigen::Ref<const Eigen::MatrixXd> &a,
                       const Eigen::Ref<const Eigen::MatrixXd> &b) {
  if (a.cols() != b.rows()) throw std::invalid_argument("matmul: shapes do not agree");
  return a * b;
}
void scale(Eigen::Ref<Eigen::MatrixXd> m, double f) { m *= f; }
void scale_rows(Eigen::Ref<RowMatrixXd> m, double f) { m *= f; }
void scale_vector(Eigen::Ref<Eigen::VectorXd> v, double f) { v *= f; }
void fill_strided(Eigen::Ref<Eigen::MatrixXd, 0, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> m,
                  double value) {
  m.setConstant(value);
}
Eigen::MatrixXf twice_f(Eigen::MatrixXf m) { return 2 * m; }
Eigen::MatrixXi twice_i(const Eigen::MatrixXi &m) { return 2 * m; }
Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> twice_l(const Eigen::Matrix<std::int64_t, Eigen::Dynamic, 1> &v) {
  return 2 * v;
}
VectorXcd conj(const VectorXcd &v) { return v.conjugate(); }
Eigen::Matrix<std::complex<float>, 2, 2> conj2(const Eigen::Matrix<std::complex<float>, 2, 2> &m) {
  return m.conjugate();
}
Eigen::Array<bool, Eigen::Dynamic, 1> positive(const Eigen::ArrayXd &a) { return a > 0; }
Eigen::ArrayXXd squares(const Eigen::ArrayXXd &a) { return a * a; }
Eigen::Vector3d cross(const Eigen::Vector3d &a, const Eigen::Vector3d &b) { return a.cross(b); }
Eigen::Matrix3d outer3(const Eigen::Vector3d &a, const Eigen::RowVector3d &b) { return a * b; }
Eigen::RowVectorXd row_sums(const RowMatrixXd &m) { return m.rowwise().sum().transpose(); }
double trace(const Eigen::Ref<const RowMatrixXd> &m) { return m.trace(); }
double sum_strided(const Eigen::Ref<const Eigen::MatrixXd, 0, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>> &m) {
  return m.sum();
}
double first(const Eigen::Map<const Eigen::VectorXd> &v) { return v.size() ? v(0) : 0.0; }

Store::Store(int rows, int cols) : m_(Eigen::MatrixXd::Zero(rows, cols)) {
  for (int i = 0; i < m_.size(); ++i) m_.data()[i] = i;
}
const Eigen::MatrixXd &Store::data() const { return m_; }
Eigen::MatrixXd &Store::mutable_data() { return m_; }
Eigen::Ref<Eigen::MatrixXd> Store::block(int row, int col, int rows, int cols) {
  if (row < 0 || col < 0 || rows < 0 || cols < 0 || row + rows > m_.rows() ||
      col + cols > m_.cols())
    throw std::out_of_range("block outside the matrix");
  return m_.block(row, col, rows, cols);
}
Eigen::Map<const Eigen::VectorXd> Store::flat() const {
  return Eigen::Map<const Eigen::VectorXd>(m_.data(), m_.size());
}
void Store::resize(int rows, int cols) { m_ = Eigen::MatrixXd::Zero(rows, cols); }
void resize_me(Eigen::MatrixXd &m) { m.resize(1, 1); }

std::vector<Eigen::Vector3d> shifted(const std::vector<Eigen::Vector3d> &points, double by) {
  std::vector<Eigen::Vector3d> out;
  for (const auto &p : points) out.push_back(p.array() + by);
  return out;
}
std::vector<Eigen::VectorXd> ranges(const std::vector<int> &lengths) {
  std::vector<Eigen::VectorXd> out;
  for (int n : lengths) {
    if (n < 0) throw std::invalid_argument("ranges: a negative length");
    out.push_back(Eigen::VectorXd::LinSpaced(n, 0, n - 1));
  }
  return out;
}
double total(const std::vector<Eigen::VectorXd> &vectors) {
  double t = 0;
  for (const auto &v : vectors) t += v.sum();
  return t;
}
std::map<std::string, Eigen::MatrixXf> identities(int n) {
  if (n < 0) throw std::invalid_argument("identities: a negative size");
  return {{"eye", Eigen::MatrixXf::Identity(n, n)}, {"zero", Eigen::MatrixXf::Zero(n, n)}};
}
Eigen::ArrayXXi stacked(const std::vector<Eigen::Array<int, 1, 2>> &rows) {
  Eigen::ArrayXXi out((Eigen::Index)rows.size(), 2);
  for (size_t i = 0; i < rows.size(); ++i) out.row((Eigen::Index)i) = rows[i];
  return out;
}
void constant(int n, double value, Eigen::MatrixXd &m) {
  if (n < 0) throw std::invalid_argument("constant: a negative size");
  m = Eigen::MatrixXd::Constant(n, n, value);
}
double sum_refs(const std::vector<Eigen::Ref<const Eigen::VectorXd>> &vectors) {
  double t = 0;
  for (const auto &v : vectors) t += v.sum();
  return t;
}
}  // namespace eg
