#include "overload_keywords.h"

#include <cctype>
#include <cstring>

namespace kw {

int add(int a, int b) { return a + b; }
double add(double a, double b) { return a + b + 0.5; }

int pick(int x) { return x + 1; }
int pick(const char* s) { return -static_cast<int>(std::strlen(s)); }

int mix(int a, int b, int c) { return a * 100 + b * 10 + c; }
int mix(const std::string& a, int c) { return static_cast<int>(a.size()) * 1000 + c; }

std::string label(int n, const std::string& sep, char fill, bool upper, double scale,
                  int width) {
    std::string out = std::to_string(n) + sep + std::string(width, fill) + sep +
                      std::to_string(static_cast<int>(scale * 10));
    if (upper) {
        for (char& c : out) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        out += "!";
    }
    return out;
}
std::string label(const char* text) { return std::string("<") + text + ">"; }

int stepped(int a, int step, int n) { return a + step * n; }
int stepped(const char* a) { return static_cast<int>(std::strlen(a)); }

Counter::Counter(int start) : value_(start) {}
Counter::Counter(const std::string& name, int start) : value_(start), name_(name) {}
int Counter::bump(int by) { return value_ += by; }
int Counter::bump(double factor, int times) {
    for (int i = 0; i < times; ++i) value_ = static_cast<int>(value_ * factor);
    return value_;
}
int Counter::make(int n) { return n * 2; }
int Counter::make(const char* name, int times) { return static_cast<int>(std::strlen(name)) * times; }
Counter Counter::operator+(int k) const { return Counter(value_ + k); }
Counter Counter::operator+(const Counter& o) const { return Counter(value_ + o.value_); }

}  // namespace kw
