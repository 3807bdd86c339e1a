// Classes whose assignment is not a copy (handles, like yaml-cpp's Node): returning them by value
// must copy-construct, never assign.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

namespace val {

/// A handle on a shared cell. Copies share the cell; assigning writes the right-hand side's value
/// through into this handle's cell (and throws for an invalid right-hand side).
class Handle {
public:
    Handle() : cell_(std::make_shared<int>(0)) {}
    explicit Handle(int value) : cell_(std::make_shared<int>(value)) {}
    /// A greedy converting constructor: any T with a size() (SWIG must never hand it a wrapper).
    /// swiggen: template(Handle, std::string)
    template <class T>
    explicit Handle(const T& sized) : cell_(std::make_shared<int>(static_cast<int>(sized.size()))) {}
    Handle(const Handle&) = default;
    Handle& operator=(const Handle& rhs) {
        if (!rhs.cell_) throw std::invalid_argument("assigning an invalid handle");
        *cell_ = *rhs.cell_;
        return *this;
    }

    int get() const { return cell_ ? *cell_ : -1; }
    void set(int value) { *cell_ = value; }
    bool valid() const { return static_cast<bool>(cell_); }
    bool same(const Handle& other) const { return cell_ == other.cell_; }
    /// Refer to `other`'s cell (by default: a fresh cell holding 0).
    void reset(const Handle& other = Handle()) { cell_ = other.cell_; }

    static Handle invalid() {
        Handle h;
        h.cell_.reset();
        return h;
    }

private:
    std::shared_ptr<int> cell_;
};

/// The handle the library keeps; callers get copies that share its cell.
Handle shared();
/// An invalid handle (assigning it throws).
Handle invalid();
int shared_value();
/// A handle taken by value (-1 for an invalid one).
int value_of(Handle h);

}  // namespace val
