#pragma once
namespace t_quals {
struct Sensor {
    int level = 4;
    int read() const volatile { return level; }
    int peek() volatile { return level + 1; }
    constexpr static int square(int x) { return x * x; }
};
struct Sealed final {
    int v = 1;
    virtual ~Sealed() = default;
    virtual int get() const final { return v; }
};
constexpr int cube(int x) { return x * x * x; }
}  // namespace t_quals
