// A range given by two pointers (pugixml's `xpath_node_set(const xpath_node* begin,
// const xpath_node* end, type_t)`) is one list argument: two separate Python objects never
// make a range, and reading from one to the other crossed unrelated memory.
#pragma once
#include <cstddef>
#include <vector>

namespace pr {
struct Mark {
    int v = 0;
    Mark() = default;
    explicit Mark(int x) : v(x) {}
};
class MarkSet {
public:
    enum Order { unsorted, sorted };
    MarkSet() = default;
    MarkSet(const Mark *begin, const Mark *end, Order order = unsorted)
        : items_(begin, end), order_(order) {}
    int sum() const {
        int s = 0;
        for (const Mark &m : items_) s += m.v;
        return s;
    }
    std::size_t count() const { return items_.size(); }
    Order order() const { return order_; }
private:
    std::vector<Mark> items_;
    Order order_ = unsorted;
};
inline int mark_span(const Mark *first, const Mark *last) {
    return static_cast<int>(last - first);
}
}  // namespace pr
