// Macros from headers that are not wrapped: passed on to SWIG as %define, so that it reads the
// declarations as the compiler does.
#pragma once

#include "api/export.h"
#include "macros_config.h"

#define MAC_LOCAL 5  // defined here: SWIG reads it itself
// the header's own constants, one per kind of literal: module constants, declared in the stub
#define MAC_MASK (1u << 3 | 0x10)
#define MAC_RATIO 1.5e0
#define MAC_HALF (1 / 2.0f)
#define MAC_HEXFLOAT 0x1p-2
#define MAC_VERSION "1.2"
#define MAC_SEP ','

namespace mac {

MAC_API int answer() MAC_NOEXCEPT;
MAC_API int scaled(int x = MAC_DEFAULT_SCALE);
MAC_API int local(int x = MAC_LOCAL);

#if MAC_HAS_EXTRA
MAC_API int extra();
#endif

MAC_DEPRECATED("use answer()") MAC_API int old_answer();

class MAC_API Counter {
public:
    Counter();
    int next() MAC_NOEXCEPT;

private:
    int n_;
};

}  // namespace mac
