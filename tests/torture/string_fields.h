#pragma once
#include <string>
#include <vector>
namespace t_strfields {
struct Record {
    std::string title = "untitled";
    std::vector<int> scores{1, 2};
    const std::string fixed = "ro";
    int score_sum() const { int s = 0; for (int v : scores) s += v; return s; }
};
}  // namespace t_strfields
