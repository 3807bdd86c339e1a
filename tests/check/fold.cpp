#include "fold.h"

namespace fold {

Brittle::Brittle() : p_(nullptr) {}
Brittle::~Brittle() { *p_ = 0; }
int Brittle::size() const { return 3; }
int Brittle::scale(int k) const { return 3 * k; }

int weigh(const Brittle &b) { return b.size(); }

int lookup(int n) {
    static int table[4];
    int *volatile p = n < 0 ? nullptr : table;
    return *p;
}

}  // namespace fold
