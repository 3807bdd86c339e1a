#pragma once
// not wrapped: C structs whose names a function hides, as <sys/stat.h>'s `struct stat` and
// `int stat(const char *, struct stat *)`
extern "C" {
struct t_stat { int mode; };
inline int t_stat(const char*, struct t_stat* out) { out->mode = 0644; return 0; }
union t_word { int i; float f; };
inline int t_word(int x) { return x; }
}
namespace tht {
struct sig { int n; };
inline int sig(int n) { return n; }
}
