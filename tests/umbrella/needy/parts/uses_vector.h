#pragma once
namespace needy { inline int first(const std::vector<int>& v) { return v.empty() ? 0 : v[0]; } }
