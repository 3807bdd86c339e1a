// A library whose findings share root causes, for tests/test_check.py: `swiggen check` must
// count each cause once (check/folding.py) and still count the genuine crash beside them.
#pragma once

namespace fold {

/// Its destructor writes through the pointer its default constructor leaves NULL (as
/// spatialindex's MovingPoint() frees one it never set): made so and dropped, it crashes, and
/// so does every probe that makes one.
class Brittle {
public:
    Brittle();
    ~Brittle();
    int size() const;
    int scale(int k) const;
    int width = 1;

private:
    int *volatile p_;
};

/// Reads a Brittle: fine itself, but its probes make a Brittle().
int weigh(const Brittle &b);

class Table;

/// A cursor over a Table: get() reads its table, which must be alive; the end cursor (and a
/// default-constructed one) has none, and get() dereferences NULL for it (xapian's end
/// iterators).
class Cursor {
public:
    Cursor();
    int get() const;

private:
    friend class Table;
    const Table *t_;
};

/// Its cursor() needs it alive: used after the table is dropped, get() crashes (a genuine
/// lifetime finding); its past_last() cursor crashes when used, the table alive or not (no
/// lifetime finding: Cursor.get's own crash).
class Table {
public:
    Table();
    Table(const Table &other);
    ~Table();
    Cursor cursor() const;
    Cursor past_last() const;
    int count() const;
};

/// A genuine crash of its own: dereferences NULL for a negative n.
int lookup(int n);

}  // namespace fold
