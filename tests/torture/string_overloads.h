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
}  // namespace t_strovl
