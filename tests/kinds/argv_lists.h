// An integer count followed by an array of C strings (gflags' `SetArgv(int argc, const char**
// argv)`, main's own shape) is one list-of-str argument: not a count and a `const char **`
// out-parameter, which handed C a NULL array.
#pragma once
#include <cstddef>
#include <string>

namespace av {
inline std::string joined(int argc, const char **argv) {
    std::string out;
    for (int i = 0; i < argc; ++i) out += (i ? "," : "") + std::string(argv[i]);
    return argv[argc] == nullptr ? out : "unterminated";
}
// the strings are the callee's to change (getopt reorders them)
inline int shout(std::size_t n, char **words) {
    int changed = 0;
    for (std::size_t i = 0; i < n; ++i)
        for (char *c = words[i]; *c; ++c)
            if (*c >= 'a' && *c <= 'z') { *c = char(*c - 32); ++changed; }
    return changed;
}
inline int first_length(short n, const char **names, int fallback) {
    return n > 0 ? static_cast<int>(std::string(names[0]).size()) : fallback;
}
}  // namespace av
