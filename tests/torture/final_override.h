#pragma once
namespace t_final {
struct Tool {
    virtual ~Tool() = default;
    virtual int power() const { return 1; }
    virtual int weight() const { return 10; }
};
struct Drill final : Tool {
    int power() const override { return 5; }
    int weight() const final { return 20; }
};
inline int tool_power(const Tool& t) { return t.power() * 100 + t.weight(); }
}  // namespace t_final
