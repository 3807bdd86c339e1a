// What a header hides from SWIG (`#ifndef SWIG`, as RE2 hides LazyRE2 and then names it in a
// using-declaration) is not in the module: Python sees what SWIG sees.
#pragma once

namespace t_hidden {
struct Shown {
    int v = 5;
#ifndef SWIG
    int hidden_method() const { return 1; }
#endif
};

#ifndef SWIG
struct NotForSwig {
    int v = 6;
};
#endif
}  // namespace t_hidden
