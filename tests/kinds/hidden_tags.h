// C's `struct stat` beside `int stat(...)`: a function or variable of the same scope hides the
// tag, so C++ names the type only as `struct stat`. Reduced from libzip's `zip_stat`. The view
// declares each such class under a typedef the compiler also sees (declspell.hidden_tag).
#pragma once

// the typedef after the struct names the Python class (libzip's shape)
typedef struct hz_stat {
    int size;
    const char *name;
} hz_stat_t;
inline int hz_stat(int size, hz_stat_t *out) { out->size = size; out->name = "hz"; return 0; }
inline int hz_stat_size(const struct hz_stat *st) { return st->size; }

// no typedef: the struct keeps its tag's name (Python has one namespace: the function is renamed)
struct hy_info { int level; };
inline int hy_info(struct hy_info *out) { out->level = 7; return 1; }  // swiggen: rename(get_hy_info)
inline struct hy_info hy_make(int level) { struct hy_info i; i.level = level; return i; }

// hidden by a variable, inside a namespace
namespace hn {
struct counter { int n; };
inline int counter = 3;  // swiggen: rename(counter_start)
inline int counter_bump(struct counter *c) { return ++c->n; }
}


// hidden by an enumerator of the same scope, the typedef naming the class (md4c's
// `struct MD_SPAN_WIKILINK` beside the span type `MD_SPAN_WIKILINK`): the enumerator keeps
// its name, the class is the typedef's
typedef enum HE_KIND { HE_TEXT, HE_LINK } HE_KIND;
typedef struct HE_LINK { int target; } HE_LINK_DETAIL;
inline int he_target(const HE_LINK_DETAIL *d) { return d->target; }
