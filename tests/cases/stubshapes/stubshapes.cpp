#include "stubshapes.h"

int total(const std::vector<int> &values) {
    int sum = 0;
    for (int v : values) sum += v;
    return sum;
}

Digits::Iterator::Iterator(const Digits *digits, int at) : digits_(digits), at_(at) {}
int Digits::Iterator::operator*() const { return at_ * 10; }
Digits::Iterator &Digits::Iterator::operator++() {
    ++at_;
    return *this;
}
bool Digits::Iterator::operator==(const Iterator &other) const { return at_ == other.at_; }
bool Digits::Iterator::operator!=(const Iterator &other) const { return at_ != other.at_; }
Digits::Digits(int count) : count_(count) {}
Digits::Iterator Digits::begin() const { return Iterator(this, 0); }
Digits::Iterator Digits::end() const { return Iterator(this, count_); }

Counter &Counter::operator+=(const Counter &other) {
    value += other.value;
    return *this;
}
Counter &Counter::operator+=(long long n) {
    value += n;
    return *this;
}

enum status_code status_code(int raw) { return raw == 0 ? status_ok : status_failed; }

first::Query first::first_query() { return FirstIntersects; }
second::Query second::second_query() { return SecondNearest; }

Shape::Shape(double size) : size_(size) {}
double Shape::low(int index) const { return index - size_; }
bool Shape::within(const Shape &other) const { return size_ <= other.size_; }
double Shape::distance(const Shape &other) const { return other.size_ - size_; }
double Shape::distance(const Moving &other) const { return 1000 + other.low(0, 0) - size_; }

Moving::Moving(double size, double speed) : Shape(size), speed_(speed) {}
double Moving::low(int index, double t) const { return index - size_ + speed_ * t; }
bool Moving::within(const Moving &other) const { return speed_ <= other.speed_; }
