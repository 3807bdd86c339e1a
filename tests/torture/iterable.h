#pragma once
#include <vector>
namespace t_iter {
struct Bag {
    std::vector<int> items{1, 2, 3};
    std::vector<int>::const_iterator begin() const { return items.begin(); }
    std::vector<int>::const_iterator end() const { return items.end(); }
};
}  // namespace t_iter
