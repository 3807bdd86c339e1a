#include "benchlib.h"

#include <Python.h>  // only for gil_held(); every variant compiles with Python's headers

#include <stdexcept>

namespace bench {

int add(int a, int b) { return a + b; }

double scale(double x, double factor, double offset) { return x * factor + offset; }

int twice(int x) { return 2 * x; }
double twice(double x) { return 2.0 * x; }
std::string twice(const std::string& s) { return s + s; }

int checked(int i) {
    if (i < 0) throw std::out_of_range("checked: negative index");
    return i;
}

double sum(const double* data, std::size_t n) {
    double total = 0.0;
    for (std::size_t i = 0; i < n; ++i) total += data[i];
    return total;
}

int nogil_add(int a, int b) { return a + b; }

bool gil_held() { return PyGILState_Check() != 0; }

Point::Point(double x_, double y_) : x(x_), y(y_) {}

Counter::Counter(int start) : value_(start) {}
int Counter::bump(int by) { return value_ += by; }
int Counter::value() const { return value_; }
std::string Counter::greet(const std::string& name) const { return "hi " + name; }
Counter* Counter::clone() const { return new Counter(*this); }

Buffer::Buffer(std::size_t n) : data_(n, 0.0) {
    for (std::size_t i = 0; i < n; ++i) data_[i] = static_cast<double>(i);
}
double& Buffer::operator[](std::size_t i) { return data_[i]; }
double Buffer::operator[](std::size_t i) const { return data_[i]; }
std::size_t Buffer::size() const { return data_.size(); }

std::vector<double> reversed(const std::vector<double>& v) {
    return std::vector<double>(v.rbegin(), v.rend());
}

int divide(int a, int b, int* rem) {
    if (b == 0) throw std::domain_error("divide: division by zero");
    *rem = a % b;
    return a / b;
}

Status parse(int code, int* value) {
    if (code < 0) return Status::Invalid("parse: negative code");
    *value = code;
    return Status::OK();
}

int Base::level() const { return level_; }

}  // namespace bench
