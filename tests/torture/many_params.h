#pragma once
namespace t_many {
inline long weigh(int a, int b, int c, int d, int e, int f, int g, int h, int i = 9, int j = 10) {
    return a + 2L * b + 3L * c + 4L * d + 5L * e + 6L * f + 7L * g + 8L * h + 9L * i + 10L * j;
}
inline double mixed_many(bool a, char b, short c, long d, float e, double f, unsigned g, long long h) {
    return (a ? 1 : 0) + b + c + d + e + f + g + h;
}
}  // namespace t_many
