// The parse sees what the compile sees: its defines (the compile's own NDEBUG) and clang's
// builtin headers instead of the compiler's (GCC's intrinsics headers do not parse in libclang).
#pragma once
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#include <x86intrin.h>
#endif
#include <cstdarg>
#include <cstddef>

namespace tc {
inline int always_there(int x) { return x + 1; }
#ifndef NDEBUG
int debug_only(int x);  // never defined: a module that wrapped it would not load
#endif
#ifdef NDEBUG
inline int release_only() { return 7; }
#endif
}  // namespace tc
