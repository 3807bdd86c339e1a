#pragma once
extern "C" {
typedef struct t_tag {
    int a;
} t_tag, *t_tag_ptr;
typedef struct {
    int w;
    int h;
} t_size;
inline int t_size_area(t_size s) { return s.w * s.h; }
inline int t_tag_value(const t_tag* t) { return t->a; }
}
