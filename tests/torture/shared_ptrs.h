#pragma once
#include <memory>
namespace t_shared {
struct Shared {
    int v = 0;
};
inline std::shared_ptr<Shared> make_shared_v(int v) { auto p = std::make_shared<Shared>(); p->v = v; return p; }
inline long shared_uses(const std::shared_ptr<Shared>& p) { return p.use_count(); }
inline int shared_value(std::shared_ptr<Shared> p) { return p ? p->v : -1; }
}  // namespace t_shared
