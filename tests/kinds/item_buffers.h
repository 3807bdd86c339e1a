// fwrite's shape, `(const void *buf, size_t size, size_t nitems)` (zlib's gzfwrite, gzfread): C
// reads or writes size * nitems bytes, so the size is no buffer length: one bytes-like argument,
// its bytes as items of size 1, and no count left free to pass the buffer's end.
#pragma once
#include <cstddef>
#include <cstring>

inline int ib_sum(const void *buf, size_t size, size_t nitems) {
    const unsigned char *p = static_cast<const unsigned char *>(buf);
    int sum = 0;
    for (size_t i = 0; i < size * nitems; ++i) sum += p[i];
    return sum;
}
inline size_t ib_count(const void *buf, size_t elsize, size_t count) {
    return buf ? elsize * count : 0;  // the bytes C would read
}
inline size_t ib_fill(void *ptr, size_t item_size, size_t nmemb, int value) {
    std::memset(ptr, value, item_size * nmemb);
    return nmemb;
}
// a length that is not an element size: (data, len) then an unrelated count stays a pair
inline int ib_repeat(const void *data, size_t len, int count) {
    return static_cast<int>(len) * count;
}
