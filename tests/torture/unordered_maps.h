#pragma once
#include <string>
#include <unordered_map>
namespace t_umap {
inline std::unordered_map<std::string, double> umap_make() { return {{"pi", 3.5}}; }
inline int umap_size(const std::unordered_map<int, int>& m) { return static_cast<int>(m.size()); }
}  // namespace t_umap
