// A C struct the library allocates and frees itself (libgit2's `git_signature`, made by
// `git_signature_new(git_signature **out, ...)`, freed by `git_signature_free`): its objects
// are released by that function, never by C++'s `delete` (ASan: alloc-dealloc-mismatch,
// malloc vs operator delete), and Python makes none of its own. A struct the caller
// allocates and the library only fills (`gs_buf`, as libgit2's `git_buf` or libyaml's
// parser) keeps its constructor.
#pragma once
#include <cstdlib>
#include <cstring>

extern "C" {
typedef struct gs_sig {
    char *name;
    long when;
} gs_sig;
inline int gs_sig_new(gs_sig **out, const char *name, long when) {
    gs_sig *s = static_cast<gs_sig *>(std::malloc(sizeof(gs_sig)));
    s->name = strdup(name);
    s->when = when;
    *out = s;
    return 0;
}
inline void gs_sig_free(gs_sig *sig) {
    if (!sig) return;
    std::free(sig->name);
    std::free(sig);
}
inline long gs_sig_when(const gs_sig *sig) { return sig->when; }

typedef struct gs_buf {
    char *ptr;
    std::size_t size;
} gs_buf;
inline int gs_buf_set(gs_buf *buf, const char *text) {
    std::free(buf->ptr);
    buf->ptr = strdup(text);
    buf->size = std::strlen(text);
    return 0;
}

/* Allocated by the library through an out, released by a function not named for it
   (FreeType's FT_New_Face / FT_Done_Face): borrowed, never delete'd, and Python makes none. */
typedef struct gs_face {
    int id;
} gs_face;
inline int gs_face_open(gs_face **out, int id) {
    *out = static_cast<gs_face *>(std::malloc(sizeof(gs_face)));
    (*out)->id = id;
    return 0;
}
inline void gs_done_face(gs_face *face) { std::free(face); }
}
