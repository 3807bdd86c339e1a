// The bundled example library: the classic SWIG use cases in one small header.
// `swiggen build cpp/example.h --sources cpp/example.cpp -m example` wraps it unmodified.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace example {

/// Colours a shape can have.
enum class Color { Red = 1, Green = 2, Blue = 4 };

/// A plain struct with fields of several types.
struct MyStruct {
    int id = 0;                   ///< an integer field
    double weight = 1.0;          ///< a floating-point field
    bool active = false;
    std::string name;             ///< a string field
    Color color = Color::Red;     ///< an enum field
    std::vector<double> samples;  ///< a list of floats
};

/// Describe a MyStruct in one line.
std::string describe(const MyStruct& s);

/// A growable vector of doubles.
class Vector {
public:
    /// An empty vector, or `n` copies of `fill`.
    explicit Vector(std::size_t n = 0, double fill = 0.0);
    /// A vector holding a copy of `values`.
    Vector(const std::vector<double>& values);

    /// Append a value.
    void add(double value);
    /// The element at `i` (throws std::out_of_range past the end).
    double at(std::size_t i) const;
    double& operator[](std::size_t i);
    double operator[](std::size_t i) const;
    /// Number of elements.
    std::size_t size() const;
    /// Sum of the elements.
    double sum() const;
    /// The elements as a list.
    std::vector<double> values() const;
    /// Scale every element in place; returns the new sum.
    double scale(double factor = 2.0);

    /// The dot product of two vectors of equal length.
    static double dot(const Vector& a, const Vector& b);

private:
    std::vector<double> data_;
};

/// A dense row-major matrix.
struct Matrix {
    std::size_t rows = 0;
    std::size_t cols = 0;
    std::vector<double> data;
};

/// Build an n x n identity matrix.
Matrix identity(std::size_t n);

/// The trace (sum of the diagonal) of a square matrix; std::invalid_argument if not square.
double trace(const Matrix& m);

/// Multiply a matrix by a vector of matching length.
std::vector<double> multiply(const Matrix& m, const std::vector<double>& v);

/// The square root of a non-negative number; throws std::domain_error for negatives.
double checked_sqrt(double x);

/// Round `x` to `digits` decimal digits.
double round_to(double x, int digits = 2);

}  // namespace example
