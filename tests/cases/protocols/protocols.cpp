#include "protocols.h"

namespace proto {

Vec Vec::operator+(const Vec& o) const {
    Vec r;
    for (std::size_t i = 0; i < v_.size() && i < o.v_.size(); ++i) r.add(v_[i] + o.v_[i]);
    return r;
}
Vec Vec::operator-(const Vec& o) const { return *this + (-o); }
Vec Vec::operator*(double s) const {
    Vec r;
    for (double x : v_) r.add(x * s);
    return r;
}
Vec Vec::operator-() const { return *this * -1.0; }
Vec& Vec::operator+=(const Vec& o) {
    for (std::size_t i = 0; i < v_.size() && i < o.v_.size(); ++i) v_[i] += o.v_[i];
    return *this;
}
Vec operator*(double s, const Vec& v) { return v * s; }
bool operator!=(const Vec& a, const Vec& b) { return !(a == b); }
std::ostream& operator<<(std::ostream& out, const Vec& v) {
    out << "Vec(";
    for (std::size_t i = 0; i < v.size(); ++i) out << (i ? ", " : "") << v[i];
    return out << ")";
}

}  // namespace proto
