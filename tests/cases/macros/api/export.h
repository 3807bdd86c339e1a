// The library's export and portability macros, in a header that is not wrapped: SWIG does not
// follow #include, so swiggen passes on the ones macros.h expands.
#pragma once

#define MAC_API __attribute__((visibility("default")))
#define MAC_NOEXCEPT noexcept
#define MAC_DEPRECATED(why) [[deprecated(why)]]
#define MAC_BASE 21
#define MAC_DEFAULT_SCALE (MAC_BASE * 2)
#define MAC_UNUSED_HERE 7
