// A class template a class derives from with itself as the argument (CRTP: CLI11's
// `class Option : public OptionBase<Option>`): its methods cast `this` to the derived class,
// so an instance of the base made on its own was used as the class it is not (129 crashes of
// the sweep's cli11). Python constructs the derived class only; the base's methods work on it.
#pragma once

namespace crtp {
template <class Derived> class Builder {
public:
    int level = 0;
    Derived *up(int by) {  // swiggen: borrowed
        level += by;
        return static_cast<Derived *>(this);
    }
    int twice_area() const { return 2 * static_cast<const Derived *>(this)->area(); }
};

class Widget : public Builder<Widget> {
public:
    int size = 3;
    int area() const { return size * size + level; }
};

// an ordinary class template base (not given the class itself) stays constructible
template <class T> class Holder {
public:
    T value{};
};
class IntBox : public Holder<int> {
public:
    int get() const { return value; }
};

// an aggregate CRTP base, with another instance of the same template that is no base
template <class T> struct Box {
    int v = 1;
    int get() const { return v; }
};
struct Tree : Box<Tree> {
    int leaves = 0;
};
typedef Box<int> IntCell;

// a CRTP base with constructors of its own
template <class D> class Counted {
public:
    Counted() : count(1) {}
    explicit Counted(int n) : count(n) {}
    int count;
    D *me() { return static_cast<D *>(this); }  // swiggen: borrowed
};
class Leaf : public Counted<Leaf> {
public:
    Leaf() : Counted<Leaf>(5) {}
    int doubled() const { return 2 * count; }
};
}  // namespace crtp
