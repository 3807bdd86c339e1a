#pragma once
#include <map>
#include <stdexcept>
#include <string>
namespace t_keyed {
struct Dict2 {
    std::map<std::string, int> m{{"a", 1}};
    int& operator[](const std::string& k) { return m[k]; }
    bool contains(const std::string& k) const { return m.count(k) != 0; }
    int size() const { return static_cast<int>(m.size()); }
};
}  // namespace t_keyed
