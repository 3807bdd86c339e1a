#pragma once
#include <ostream>
namespace t_ostream {
struct Point3 {
    int x = 1, y = 2, z = 3;
};
inline std::ostream& operator<<(std::ostream& os, const Point3& p) {
    return os << "(" << p.x << "," << p.y << "," << p.z << ")";
}
}  // namespace t_ostream
