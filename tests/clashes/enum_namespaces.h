// Unscoped enums of two namespaces with the same enumerators (spatialindex's
// RTree::RV_LINEAR and MVRTree::RV_LINEAR): C++ puts each member in its enum's namespace, the
// module has one namespace, so the second gets its namespace's prefix (SG334).
#pragma once

namespace en {
namespace rtree {
enum Variant { RV_LINEAR = 0, RV_QUADRATIC, RV_RSTAR };
inline int code(Variant v) { return 10 + v; }
}  // namespace rtree
namespace mvrtree {
enum Variant { RV_LINEAR = 0, RV_QUADRATIC, RV_RSTAR };  // swiggen: rename(MVVariant)
inline int mv_code(Variant v) { return 20 + v; }
}  // namespace mvrtree
}  // namespace en
