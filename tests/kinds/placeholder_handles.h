// Handles typed by a struct defined only for that, one field named so (tidy's
// `opaque_type(TidyDoc)`: `struct _TidyDoc { int _opaque; }; typedef struct _TidyDoc const
// *TidyDoc;`, Windows' DECLARE_HANDLE): the library never makes one, so Python does not either
// (`_TidyNode()` made a fake node the library read as a real one). A struct of more fields is
// a struct, and so is one no pointer typedef names.
#pragma once

struct _PhDoc { int _opaque; };
typedef struct _PhDoc const *PhDoc;
struct PhWin__ { int unused; };
typedef struct PhWin__ *PhWin;
struct PhPoint { int unused; int x; };
// one `unused` field, but no pointer typedef names it: a struct callers fill (a struct)
struct PhConfig { int unused; };
inline int ph_config_apply(const struct PhConfig *c) { return c->unused + 10; }

inline PhDoc ph_create(void) {  // swiggen: borrowed
    static int storage[2] = {7, 0};
    return (PhDoc)storage;
}
inline int ph_value(PhDoc d) { return *(const int *)d; }
inline PhWin ph_window(void) {  // swiggen: borrowed
    static int w = 42;
    return (PhWin)&w;
}
inline int ph_window_id(PhWin w) { return *(int *)w; }
inline int ph_point_x(const struct PhPoint *p) { return p->x; }
