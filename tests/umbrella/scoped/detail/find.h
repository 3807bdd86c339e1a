#pragma once

namespace scoped {
// toml++'s shape: a template whose result type depends on its arguments (not for SWIG)
template <typename It, typename T>
inline auto find(It start, It end, const T &needle) noexcept -> decltype(&(*start)) {
    for (; start != end; start++)
        if (*start == needle) return &(*start);
    return nullptr;
}
inline int position(int v) { int xs[3] = {4, 5, 6}; auto p = find(xs, xs + 3, v); return p ? int(p - xs) : -1; }
}  // namespace scoped
