#pragma once
#include <any>
#include <bitset>
#include <mutex>
#include <ostream>
#include <tuple>
#include <variant>
namespace t_stdbad {
inline bool has_any(const std::any& a) { return a.has_value(); }  // expect SG311
inline int bit_count(std::bitset<8> b) { return static_cast<int>(b.count()); }  // expect SG311
inline void lock_it(std::mutex& m) { m.lock(); m.unlock(); }  // expect SG311
inline void write_to(std::ostream& os) { os << "x"; }  // expect SG311
inline std::tuple<int, std::any> any_pair() { return {1, 2}; }  // expect SG311
inline int fine_after(int v) { return v; }
struct BitsHolder {
  std::bitset<4> flags;  // expect SG311
  int value = 3;
};
}  // namespace t_stdbad
