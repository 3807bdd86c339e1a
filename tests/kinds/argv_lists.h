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
// main's names: the parsers below start at argv[1], past the program's name (cxxopts' loop
// `for (current = 1; current != argc; ...)` read past the end of an empty array)
inline int flags_after_program(int argc, char *argv[]) {
    int flags = 0;
    for (int current = 1; current != argc; ++current) flags += argv[current][0] == '-';
    return flags;
}
class Options {
public:
    Options() = default;
    Options(int argc, const char *const *argv) : program_(argv[0]) {}
    int parse(int argc, const char *const *argv) {
        int seen = 0;
        for (int current = 1; current != argc; ++current) seen += argv[current][0] != '\0';
        return seen;
    }
    std::string program() const { return program_; }
private:
    std::string program_;
};
// not main's names: an empty list is an empty array
inline int total_length(unsigned count, const char *const *items) {
    int n = 0;
    for (unsigned i = 0; i < count; ++i) n += static_cast<int>(std::string(items[i]).size());
    return n;
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
// not an argv: a text, its length, and a cursor into the text (cJSON_ParseWithLengthOpts);
// the length is the text's, so (buffer_length, return_parse_end) is no count and array
inline int parse_prefix(const char *value, std::size_t buffer_length,
                        const char **return_parse_end, bool strict) {
    int digits = 0;
    while (static_cast<std::size_t>(digits) < buffer_length && value[digits] >= '0' &&
           value[digits] <= '9')
        ++digits;
    if (return_parse_end) *return_parse_end = value + digits;
    return strict && static_cast<std::size_t>(digits) != buffer_length ? -1 : digits;
}
}  // namespace av
