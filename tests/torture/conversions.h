#pragma once
#include <string>
namespace t_conv {
enum class Level { Low = 1, High = 9 };
struct Gauge {
    int raw = 9;
    explicit operator bool() const { return raw != 0; }
    explicit operator Level() const { return raw > 4 ? Level::High : Level::Low; }
    operator const char*() const { return raw > 4 ? "high" : "low"; }
    explicit operator float() const { return raw / 2.0f; }
    operator int*() { return &raw; }  // expect SG330
};
using Real = double;
struct Scale {
    explicit operator Real() const { return 0.5; }
    explicit operator std::size_t() const { return 12; }
};
}  // namespace t_conv
