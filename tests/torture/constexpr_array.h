#pragma once
// Constant arrays of numbers: tuples (read-only), at class and namespace scope; a
// multi-dimensional one is left out with its warning.
namespace t_cxarray {
inline constexpr double kWeights[2] = {0.25, 0.75};
inline const long kGrid[2][2] = {{1, 2}, {3, 4}};  // expect SG301
struct Table {
    static constexpr int kPrimes[3] = {2, 3, 5};
    static constexpr int kSize = sizeof(kWeights) / sizeof(kWeights[0]);
    static constexpr unsigned char kBytes[2] = {1, 255};
    static double weight(int i) { return kWeights[i]; }
    static int prime(int i) { return kPrimes[i]; }
};
}  // namespace t_cxarray
