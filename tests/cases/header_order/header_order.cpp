#include "header_order.h"

namespace ho {

Item::Item(Kind::value kind) : kind_(kind) {}
Kind::value Item::kind() const { return kind_; }
Kind::value Item::grow() { return kind_ = Kind::Large; }
Kind::value biggest() { return Kind::Large; }

}  // namespace ho
