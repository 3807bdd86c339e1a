#pragma once
namespace t_freeeq {
struct Coin {
    int cents = 1;
};
inline bool operator==(const Coin& a, const Coin& b) { return a.cents == b.cents; }
inline bool operator<(const Coin& a, const Coin& b) { return a.cents < b.cents; }
}  // namespace t_freeeq
