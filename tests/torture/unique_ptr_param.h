#pragma once
#include <memory>
namespace t_uniq {
struct Parcel {
    int weight = 3;
};
inline int deliver(std::unique_ptr<Parcel> p) { return p ? p->weight * 2 : -1; }
inline std::unique_ptr<Parcel> make_parcel(int w) { auto p = std::make_unique<Parcel>(); p->weight = w; return p; }
}  // namespace t_uniq
