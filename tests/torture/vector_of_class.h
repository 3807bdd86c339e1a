#pragma once
#include <vector>
namespace t_vecclass {
struct Item {
    int id = 0;
};
inline std::vector<Item> make_items(int n) {
    std::vector<Item> out(n);
    for (int i = 0; i < n; ++i) out[i].id = i * 10;
    return out;
}
inline int sum_ids(const std::vector<Item>& items) { int s = 0; for (const auto& i : items) s += i.id; return s; }
}  // namespace t_vecclass
