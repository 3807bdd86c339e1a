#include "example.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace example {

std::string describe(const MyStruct& s) {
    std::ostringstream out;
    out << "MyStruct #" << s.id << " '" << s.name << "' weight=" << s.weight
        << " samples=" << s.samples.size() << (s.active ? " active" : "");
    return out.str();
}

Vector::Vector(std::size_t n, double fill) : data_(n, fill) {}
Vector::Vector(const std::vector<double>& values) : data_(values) {}

void Vector::add(double value) { data_.push_back(value); }

double Vector::at(std::size_t i) const {
    if (i >= data_.size()) {
        throw std::out_of_range("Vector index " + std::to_string(i) + " out of range (size " +
                                std::to_string(data_.size()) + ")");
    }
    return data_[i];
}

double& Vector::operator[](std::size_t i) { return data_[i]; }
double Vector::operator[](std::size_t i) const { return data_[i]; }
std::size_t Vector::size() const { return data_.size(); }

double Vector::sum() const {
    double total = 0.0;
    for (double v : data_) total += v;
    return total;
}

std::vector<double> Vector::values() const { return data_; }

double Vector::scale(double factor) {
    for (double& v : data_) v *= factor;
    return sum();
}

double Vector::dot(const Vector& a, const Vector& b) {
    if (a.size() != b.size()) throw std::invalid_argument("dot: vectors differ in length");
    double total = 0.0;
    for (std::size_t i = 0; i < a.size(); ++i) total += a.data_[i] * b.data_[i];
    return total;
}

Matrix identity(std::size_t n) {
    Matrix m;
    m.rows = m.cols = n;
    m.data.assign(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) m.data[i * n + i] = 1.0;
    return m;
}

double trace(const Matrix& m) {
    if (m.rows != m.cols) throw std::invalid_argument("trace: matrix is not square");
    if (m.data.size() != m.rows * m.cols) throw std::invalid_argument("trace: bad data size");
    double total = 0.0;
    for (std::size_t i = 0; i < m.rows; ++i) total += m.data[i * m.cols + i];
    return total;
}

std::vector<double> multiply(const Matrix& m, const std::vector<double>& v) {
    if (v.size() != m.cols || m.data.size() != m.rows * m.cols) {
        throw std::invalid_argument("multiply: shapes do not match");
    }
    std::vector<double> out(m.rows, 0.0);
    for (std::size_t r = 0; r < m.rows; ++r)
        for (std::size_t c = 0; c < m.cols; ++c) out[r] += m.data[r * m.cols + c] * v[c];
    return out;
}

double checked_sqrt(double x) {
    if (x < 0) throw std::domain_error("checked_sqrt: negative argument");
    return std::sqrt(x);
}

double round_to(double x, int digits) {
    double scale = std::pow(10.0, digits);
    return std::round(x * scale) / scale;
}

}  // namespace example
