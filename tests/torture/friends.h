#pragma once
namespace t_friends {
class Money {
public:
    explicit Money(long cents = 0) : cents_(cents) {}
    long cents() const { return cents_; }
    friend bool operator==(const Money& a, const Money& b) { return a.cents_ == b.cents_; }
    friend Money operator+(const Money& a, const Money& b) { return Money(a.cents_ + b.cents_); }
    friend long raw(const Money& m) { return m.cents_; }  // expect SG301
    friend void swap(Money& a, Money& b) { long t = a.cents_; a.cents_ = b.cents_; b.cents_ = t; }  // expect SG301

private:
    long cents_;
};
long total(const Money& m);
inline long total(const Money& m) { return m.cents(); }
}  // namespace t_friends
