// Typedefs of pointers to const (libpng's `png_const_bytep`, a `const png_byte *`): the
// pointee's const is part of the type. A function taking one is not of a function pointer type
// that takes the writable pointer (libpng's `png_rw_ptr`), so the module must not register it
// as one: libpng's module did not compile (an invalid conversion in the module's init) when
// the const was lost. Each function passes where its own type is taken, and only there.
#pragma once

typedef int *cpt_intp;
typedef const int *cpt_const_intp;
typedef int (*cpt_visit_fn)(cpt_intp);
typedef int (*cpt_look_fn)(cpt_const_intp);

inline int cpt_bump(cpt_intp v) { return ++*v; }
inline int cpt_read(cpt_const_intp v) { return *v + 100; }
inline int cpt_call_visit(cpt_visit_fn fn) { int x = 41; return fn(&x); }
inline int cpt_call_look(cpt_look_fn fn) { int x = 7; return fn(&x); }
