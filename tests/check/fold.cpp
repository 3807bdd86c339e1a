#include "fold.h"

#include <set>

namespace fold {

Brittle::Brittle() : p_(nullptr) {}
Brittle::~Brittle() { *p_ = 0; }
int Brittle::size() const { return 3; }
int Brittle::scale(int k) const { return 3 * k; }

int weigh(const Brittle &b) { return b.size(); }

static std::set<const Table *> &alive() {
    static std::set<const Table *> tables;
    return tables;
}

Cursor::Cursor() : t_(nullptr) {}
int Cursor::get() const {
    if (alive().count(t_) == 0) {  // the end cursor, or its table is gone
        int *volatile p = nullptr;
        return *p;
    }
    return t_->count();
}

Table::Table() { alive().insert(this); }
Table::Table(const Table &) { alive().insert(this); }
Table::~Table() { alive().erase(this); }
Cursor Table::cursor() const {
    Cursor c;
    c.t_ = this;
    return c;
}
Cursor Table::past_last() const { return Cursor(); }
int Table::count() const { return 2; }

int lookup(int n) {
    static int table[4];
    int *volatile p = n < 0 ? nullptr : table;
    return *p;
}

}  // namespace fold
