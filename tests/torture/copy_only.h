#pragma once
#include <string>
#include <vector>
// A class that can be copied but not moved (deleted move constructor): copied wherever SWIG's
// wrapper would move (results, by-value arguments, `T&&` results).
namespace t_copyonly {
class Stamp {
public:
    explicit Stamp(std::string s) : s_(std::move(s)) {}
    Stamp(const Stamp&) = default;
    Stamp& operator=(const Stamp&) = default;
    Stamp(Stamp&&) = delete;
    Stamp& operator=(Stamp&&) = delete;
    std::string label() const { return s_; }

private:
    std::string s_;
};
inline Stamp copy_stamp(const Stamp& s) { return Stamp(s); }
inline std::string stamp_label(Stamp s) { return s.label(); }
struct Ledger {
    Stamp last{"none"};
    Stamp current() const { return last; }
    void put(Stamp s) { last = s; }
};
}  // namespace t_copyonly
