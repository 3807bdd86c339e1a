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

/// A genuine crash of its own: dereferences NULL for a negative n.
int lookup(int n);

}  // namespace fold
