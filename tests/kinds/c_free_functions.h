// A C library's free function for its struct (uriparser's `uriFreeQueryListW(UriQueryListW*)`,
// uv's `uv_free_cpu_info`): it frees what it is passed, so it takes only an object the library
// made, and clears it (ReferenceError on use, never freed again); an object Python made is
// refused, as the library's free() must never see Python's `new`.
#pragma once
#include <cstdlib>

extern "C" {
typedef struct cf_list { int count; struct cf_list *next; } cf_list;
inline cf_list *cf_list_make(int count) {  // swiggen: borrowed
    cf_list *l = static_cast<cf_list *>(std::calloc(1, sizeof(cf_list)));
    l->count = count;
    return l;
}
inline void cf_FreeList(cf_list *l) { std::free(l); }
inline int cf_list_count(const cf_list *l) { return l->count; }
}

// A free function of one text, named by a typedef of `const char *` (sqlite's
// `sqlite3_free_filename(sqlite3_filename)`): it frees the text, so no str may be passed (a
// str's own buffer went to free()); a function of text and more keeps taking a str.
extern "C" {
typedef const char *cf_filename;
inline void cf_free_filename(cf_filename f) { std::free(const_cast<char *>(f)); }
inline int cf_free_slots(const char *pool, int n) { return pool ? n : -1; }
}

// "clear mem" frees too, in a free function and in a static method (libraw's
// `libraw_dcraw_clear_mem(libraw_processed_image_t *)` and `LibRaw::dcraw_clear_mem`): the
// second clear was a double free.
struct cf_image { int w; };
class cf_Raw {
public:
    cf_image *make_mem_image(int w) {
        cf_image *i = static_cast<cf_image *>(std::calloc(1, sizeof(cf_image)));
        i->w = w;
        return i;
    }
    static void dcraw_clear_mem(cf_image *i) { std::free(i); }
};
extern "C" {
inline void cf_raw_clear_mem(cf_image *i) { std::free(i); }
inline int cf_image_width(const cf_image *i) { return i->w; }
}

// A `const char **` followed by the end of the text it reads (xapian's
// `Query::Internal::unserialise(const char **p, const char *end, ...)`) is a cursor C reads
// and advances, not an out-parameter: as one, C read the NULL it was given.
inline int cf_parse_digits(const char **p, const char *end) {
    int n = 0;
    while (*p != end && **p >= '0' && **p <= '9') n = n * 10 + (*(*p)++ - '0');
    return n;
}
