#pragma once
namespace t_outer::middle::inner {
struct Deep {
    int level = 3;
};
inline int depth(const Deep& d) { return d.level * 100; }
}  // namespace t_outer::middle::inner
namespace t_outer::middle {
inline int middle_depth() { return 2; }
}  // namespace t_outer::middle
