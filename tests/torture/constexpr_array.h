#pragma once
namespace t_cxarray {
inline constexpr double kWeights[2] = {0.25, 0.75};  // expect SG301
struct Table {
    static constexpr int kSize = sizeof(kWeights) / sizeof(kWeights[0]);
    static double weight(int i) { return kWeights[i]; }
};
}  // namespace t_cxarray
