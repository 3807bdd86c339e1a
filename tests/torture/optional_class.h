#pragma once
#include <optional>
namespace t_optclass {
struct Found {
    int at = 0;
};
inline std::optional<Found> find_at(int v) { if (v < 0) return std::nullopt; Found f; f.at = v; return f; }
}  // namespace t_optclass
