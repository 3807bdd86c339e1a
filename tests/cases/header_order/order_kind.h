#pragma once

namespace ho {

struct Kind {
    enum value { Small, Large };
};

}  // namespace ho
