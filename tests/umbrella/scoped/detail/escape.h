#pragma once
#include <string>

namespace scoped {
template <class S> void replace_all(S &s, const S &f, const S &t) {
    SCOPED_ASSERT(!f.empty());
    for (auto pos = s.find(f); pos != S::npos; pos = s.find(f, pos + t.size()))
        s.replace(pos, f.size(), t);
}
inline std::string escaped(std::string s) {
    replace_all(s, std::string("~"), std::string("~0"));
    return s;
}
}  // namespace scoped
