#pragma once
#include <string>
#include <string_view>
// Overloads Python cannot tell apart (each takes a str): the one keeping the whole text is
// wrapped, the other left out with its warning.
namespace t_strovl {
inline int which_str(const char* s) { return 1; }  // expect SG340
inline int which_str(const std::string& s) { return 2; }
inline int which_view(std::string_view) { return 3; }
inline int which_view(const char*) { return 4; }  // expect SG340
inline int which_pair(const std::string&, int) { return 5; }
inline int which_pair(const char*, int) { return 6; }  // expect SG340
inline int which_pair(int, int) { return 7; }
// The same for constructors, with default arguments (SQLiteCpp's Database): the char* one and
// its shorter forms are left out.
struct StrOpened {
    StrOpened(const char* path, int flags = 1, const char* vfs = nullptr)  // expect SG340
        : kind(1), flags(flags) { (void)path; (void)vfs; }
    StrOpened(const std::string& path, int flags = 1, const std::string& vfs = "")
        : kind(2), flags(flags) { (void)path; (void)vfs; }
    int kind, flags;
};
}  // namespace t_strovl
