#pragma once
namespace t_typedef_res {
typedef double Meters;
using Ticks = long long;
typedef Meters Distance;  // a typedef of a typedef
inline Meters span(int n) { return n * 1.5; }
inline Ticks ticks_of(int s) { return static_cast<Ticks>(s) * 1000; }
inline Distance twice_distance(Distance d) { return d * 2; }
}  // namespace t_typedef_res
