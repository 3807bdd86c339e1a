// Includes order_kind.h too: it must come before this header as well.
#pragma once

#include "order_kind.h"

namespace ho {

class Base {
public:
    virtual ~Base() = default;
    int id() const { return 7; }
    static Kind::value smallest() { return Kind::Small; }
};

}  // namespace ho
