#pragma once
#include <optional>
#include <string>
#include <tuple>
#include <vector>
namespace t_tuple {
struct TPoint { int x = 0; int y = 0; };
inline int tuple_sum(const std::tuple<int, int, int>& t) {
  return std::get<0>(t) + std::get<1>(t) + std::get<2>(t);
}
inline std::tuple<std::string, TPoint, std::vector<int>> tuple_mixed() {
  return {"a", TPoint{1, 2}, {3, 4}};
}
inline int tuple_point_x(std::tuple<TPoint, double> t) { return std::get<0>(t).x; }
inline std::vector<std::tuple<int, std::string>> tuple_rows() { return {{1, "a"}, {2, "b"}}; }
inline std::optional<std::tuple<int, int>> tuple_maybe(bool b) {
  if (b) return std::make_tuple(1, 2);
  return std::nullopt;
}
using Triple = std::tuple<int, int, int>;
inline Triple tuple_alias() { return {7, 8, 9}; }
inline void tuple_out(std::tuple<int, int>& t) { std::get<0>(t) = 5; }  // expect SG311
struct TupleHolder { std::tuple<int, std::string> entry{1, "x"}; };
}  // namespace t_tuple
