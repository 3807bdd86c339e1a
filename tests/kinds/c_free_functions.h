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
