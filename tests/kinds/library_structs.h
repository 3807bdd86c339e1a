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

/* An opaque handle with a deprecated synonym of its free function (libarchive's
   archive_read_finish): it releases the handle too; gs_h_finish_entry does not. */
typedef struct gs_h gs_h;
gs_h *gs_h_new(void);
void gs_h_free(gs_h *h);
void gs_h_finish(gs_h *h);
int gs_h_finish_entry(gs_h *h);
}

struct gs_h {
    int entries;
};
inline gs_h *gs_h_new(void) { return static_cast<gs_h *>(std::calloc(1, sizeof(gs_h))); }
inline void gs_h_free(gs_h *h) { std::free(h); }
inline void gs_h_finish(gs_h *h) { gs_h_free(h); }
inline int gs_h_finish_entry(gs_h *h) { return ++h->entries; }
