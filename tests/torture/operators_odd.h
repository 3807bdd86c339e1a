#pragma once
namespace t_ops {
struct Counter {
    int n = 0;
    Counter& operator++() { ++n; return *this; }  // expect SG330
    Counter operator++(int) { Counter c = *this; ++n; return c; }  // expect SG330
    Counter& operator--() { --n; return *this; }  // expect SG330
    bool operator!() const { return n == 0; }
    int operator*() const { return n; }  // expect SG330
    Counter* operator->() { return this; }  // expect SG330
    int operator()(int a, int b = 1) const { return n * a + b; }
    Counter& operator,(int) { return *this; }  // expect SG330
    bool operator&&(bool b) const { return n && b; }  // expect SG330
    int operator%(int m) const { return n % m; }
    Counter operator-() const { return Counter{-n}; }
};
}  // namespace t_ops
