#pragma once
namespace t_arrays {
struct Point {
    int x = 0;
};
struct Grid {
    double row[3] = {1, 2, 3};
    int flags[2] = {0, 1};
    char name[8] = "grid";
    double cells[2][2] = {};  // expect SG333
    Point corners[2];         // expect SG333
    int count = 2;
};
inline double sum3(const double v[3]) { return v[0] + v[1] + v[2]; }
}  // namespace t_arrays
