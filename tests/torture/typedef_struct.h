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

// C names a struct by its typedef: the Python class is the typedef's name, whichever one a
// function is declared with
typedef struct t_ctx_st {
    unsigned int h;
} T_CTX;
inline int t_ctx_init(T_CTX* c) { c->h = 1; return 1; }
inline unsigned t_ctx_hash(const struct t_ctx_st* c) { return c->h + 1; }

struct t_key_st;
typedef struct t_key_st T_KEY;  // declared before its tag's definition
struct t_key_st {
    int bits;
};
inline int t_key_bits(const T_KEY* k) { return k->bits; }
}

namespace tns {
typedef struct t_pt_tag { double x; } TNsPoint;
inline double t_pt_x(const t_pt_tag& p) { return p.x; }
typedef t_pt_tag TPointAlias;  // a C++ alias: the class keeps the C name
}
