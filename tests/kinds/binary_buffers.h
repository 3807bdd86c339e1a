// A binary pointer followed by its length (zstd's `(void *dst, size_t dstCapacity, const void
// *src, size_t srcSize)`, libsodium's `(const unsigned char *m, unsigned long long mlen)`): one
// Python argument each, a bytes-like object for a const pointer and a writable one (bytearray,
// memoryview, numpy array) for the other, the length taken from it. Python could pass these
// pointers nothing before (only an object another call returned).
#pragma once
#include <cstddef>
#include <cstdint>

namespace bb {
// "compresses" by keeping every other byte; (size_t)-1 when dst is too small
inline size_t squeeze(void *dst, size_t dstCapacity, const void *src, size_t srcSize) {
  size_t need = (srcSize + 1) / 2;
  if (need > dstCapacity) return (size_t)-1;
  for (size_t i = 0; i < need; ++i)
    static_cast<unsigned char *>(dst)[i] = static_cast<const unsigned char *>(src)[2 * i];
  return need;
}
inline unsigned long long checksum(const unsigned char *m, unsigned long long mlen) {
  unsigned long long sum = 0;
  for (unsigned long long i = 0; i < mlen; ++i) sum += m[i];
  return sum;
}
inline void fill_pattern(uint8_t *out, size_t outlen, uint8_t seed) {
  for (size_t i = 0; i < outlen; ++i) out[i] = (uint8_t)(seed + i);
}
// an int length: the buffer's size must fit it
inline int count_zeros(const void *data, int len) {
  int zeros = 0;
  for (int i = 0; i < len; ++i) zeros += static_cast<const unsigned char *>(data)[i] == 0;
  return zeros;
}
// a pointer that takes None keeps its own typemaps
inline size_t optional_size(const void *p = nullptr, size_t n = 0) { return p ? n : 0; }
}  // namespace bb
