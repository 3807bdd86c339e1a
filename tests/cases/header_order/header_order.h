// Named first on the command line, but it uses what the other two declare: swiggen orders the
// headers by their #includes, so SWIG reads order_kind.h and order_base.h before this one.
#pragma once

#include "order_base.h"
#include "order_kind.h"

namespace ho {

class Item : public Base {
public:
    explicit Item(Kind::value kind = Kind::Small);
    Kind::value kind() const;
    Kind::value grow();

private:
    Kind::value kind_;
};

Kind::value biggest();

}  // namespace ho
