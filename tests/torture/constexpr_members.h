#pragma once
namespace t_constexpr {
struct Limits {
    static constexpr int kMax = 10;
    static constexpr double kRatio = 0.25;
    static constexpr bool kOn = true;
    static const int kConst = 7;
    static constexpr const char* kName = "limits";
    int value = kMax;
};
constexpr int kAnswer = 42;
}  // namespace t_constexpr
