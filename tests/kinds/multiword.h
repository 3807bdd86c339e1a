// Out- and in/out-parameters of builtin types spelled in several words (`unsigned char`,
// `long double`): their wrappers value-initialise a temporary of that type (zero<T>() of
// outparams.swg; `unsigned char()` is no C++ expression).
#pragma once

namespace kinds {
inline void get_byte(unsigned char *out) { *out = 200; }  // swiggen: out(out)
inline void get_ld(long double *out) { *out = 2.5L; }  // swiggen: out(out)
inline void get_ull(unsigned long long *out) { *out = 1ULL << 40; }  // swiggen: out(out)
inline void get_sc(signed char *out) { *out = -5; }  // swiggen: out(out)
inline void bump(unsigned short *v) { *v += 1; }  // swiggen: inout(v)
inline int sum(long long a, unsigned int b) { return static_cast<int>(a + b); }
}
