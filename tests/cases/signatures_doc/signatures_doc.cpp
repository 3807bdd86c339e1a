#include "signatures_doc.h"

#include <sstream>
#include <stdexcept>

namespace sd {

int add(int a, int b) { return a + b; }
double add(double a, double b) { return a + b; }
std::string add(const std::string& a, const std::string& b) { return a + b; }

int area(int side) { return side * side; }
int area(int w, int h) { return w * h; }

std::string defaults(int n, double x, bool flag, const char* name, char sep, unsigned mask,
                     float f, double g, long long big) {
    std::ostringstream out;
    out << n << sep << x << sep << flag << sep << name << sep << mask << sep << f << sep << g
        << sep << big;
    return out.str();
}

std::string paint(Color c) {
    switch (c) {
    case Color::Red: return "red";
    case Color::Green: return "green";
    case Color::Blue: return "blue";
    }
    return "?";
}

int expr_default(int x, std::vector<int> v) { return x + static_cast<int>(v.size()); }

int undocumented(int x, int y) { return x - y; }

Buffer::Buffer(int n, double fill) {
    if (n < 0) throw std::invalid_argument("n must not be negative");
    data_.assign(static_cast<size_t>(n), fill);
}
Buffer::Buffer(const Buffer& other, int extra) : data_(other.data_) {
    if (extra < 0) throw std::invalid_argument("extra must not be negative");
    data_.resize(data_.size() + static_cast<size_t>(extra), 0.0);
}
int Buffer::size() const { return static_cast<int>(data_.size()); }
double Buffer::at(int i) const {
    if (i < 0 || i >= size()) throw std::out_of_range("index out of range");
    return data_[static_cast<size_t>(i)];
}
void Buffer::fill(double v) { data_.assign(data_.size(), v); }
double Buffer::scaled_sum(int k) const {
    double s = 0;
    for (double d : data_) s += d;
    return s * k;
}
double Buffer::scaled_sum(double k, bool negate) const {
    double s = scaled_sum(1) * k;
    return negate ? -s : s;
}
Buffer Buffer::zeros(int n) { return Buffer(n); }
int Buffer::kind(int) { return 1; }
int Buffer::kind(const std::string&) { return 2; }
Color Buffer::tint(Color c) const { return c; }
int Buffer::size_of(const Buffer* b) { return b ? b->size() : -1; }

Counter::Counter() = default;
int Counter::next() { return ++n_; }

}  // namespace sd

Loose::Loose(int v) : v_(v) {}
int Loose::v() const { return v_; }
