// A writable `char *` then a 64-bit unsigned integer, the header naming neither (libzip's
// `zip_error_to_str(char *, zip_uint64_t, int, int)`): C's (buffer, length) idiom, so the length
// may not pass the memory passed, as a named pair's may not; a 32-bit one may be flags, no length.
#pragma once
#include <cstdint>
#include <cstring>

int un_fill(char *, uint64_t, int);
inline int un_fill(char *buf, uint64_t len, int c) {
    std::memset(buf, c, len);
    return static_cast<int>(len);
}
int un_flagged(char *, uint32_t);
inline int un_flagged(char *buf, uint32_t flags) { return buf[0] == 'a' ? static_cast<int>(flags) : -1; }
