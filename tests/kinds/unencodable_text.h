// A str with no UTF-8 form (a lone surrogate) given to text parameters: one `const char *`, one
// `const std::string &`, and overload sets where a `const char *` candidate's check fails
// before a `const wchar_t *` one takes it (pugixml's load_file(const char_t *) pairs).
#pragma once
#include <cstring>
#include <cwchar>
#include <string>

namespace unencodable {

inline int narrow_length(const char* text) { return static_cast<int>(std::strlen(text)); }
inline int string_length(const std::string& text) { return static_cast<int>(text.size()); }

/// Which overload took the text: 1 narrow, 2 wide.
inline int path_kind(const char* path) { return path ? 1 : 0; }
inline int path_kind(const wchar_t* path) { return path ? 2 : 0; }

struct Document {
    int opened = 0;
    bool load_file(const char* path) { opened = 1; return path != nullptr; }
    bool load_file(const wchar_t* path) { opened = 2; return path != nullptr; }
};

}  // namespace unencodable
