// Protocols from members that are not const (kyotocabinet's `int64_t size()`): len(), bool()
// and `in` call them through a non-const self (protocols._mutable, *_MUTABLE macros); beside
// them a class whose members are const keeps the const protocol methods.
#pragma once
#include <cstdint>
#include <vector>

namespace kinds {
class MutBag {
public:
    int64_t size() { return static_cast<int64_t>(v_.size()); }
    bool empty() { return v_.empty(); }
    bool contains(int x) {
        for (int y : v_) if (y == x) return true;
        return false;
    }
    void add(int x) { v_.push_back(x); }
private:
    std::vector<int> v_;
};

class ConstBag {
public:
    int64_t size() const { return static_cast<int64_t>(v_.size()); }
    bool empty() const { return v_.empty(); }
    int count(int x) const {
        int n = 0;
        for (int y : v_) n += y == x;
        return n;
    }
    void add(int x) { v_.push_back(x); }
private:
    std::vector<int> v_;
};
}  // namespace kinds
