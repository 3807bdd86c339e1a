#pragma once
// Types of an unwrapped header whose names a function hides (`struct stat`): C++ needs the
// keyword SWIG drops, so the view names them through a typedef
#include "deps/hidden_tags_dep.h"
extern "C" {
// swiggen: borrowed
inline struct t_stat* t_stat_make(int mode) {
    static struct t_stat s;
    s.mode = mode;
    return &s;
}
inline int t_stat_mode(const struct t_stat* s) { return s->mode; }
inline int t_stat_fill(struct t_stat* s) { return t_stat("x", s) == 0 ? s->mode : -1; }
// swiggen: borrowed
inline union t_word* t_word_make(int i) {
    static union t_word w;
    w.i = i;
    return &w;
}
inline int t_word_int(const union t_word* w) { return w->i; }
}
// a C++ namespace's class of an unwrapped header is not passed through opaque (SG337)
namespace tht {
inline struct sig* sig_make(int n) {  // expect SG337
    static struct sig s;
    s.n = n;
    return &s;
}
inline int sig_n(const struct sig& s) { return s.n; }  // expect SG337
}
