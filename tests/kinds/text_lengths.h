// A str and the length of it C reads (jansson's `json_object_getn(obj, const char *key,
// size_t key_len)`, cmark's `(const char *text, size_t len)`): a length past the str's bytes
// would read past its buffer, and raises ValueError.
#pragma once
#include <cstddef>

namespace tl {
inline int sum_bytes(const char *key, std::size_t key_len) {
    int s = 0;
    for (std::size_t i = 0; i < key_len; ++i) s += static_cast<unsigned char>(key[i]);
    return s;
}
// a signed length, negative meaning "up to the NUL" (sqlite's convention)
inline int count_to(const char *text, int n) {
    if (n < 0) { n = 0; while (text[n]) ++n; }
    return n;
}
// the type's largest value for "up to the NUL" (tinyxml2's XMLDocument::Parse), as a default
inline int parse_len(const char *xml, std::size_t nBytes = static_cast<std::size_t>(-1)) {
    return nBytes == static_cast<std::size_t>(-1) ? count_to(xml, -1) : static_cast<int>(nBytes);
}
}  // namespace tl

// A writable buffer and the number of bytes C writes into it (a C API that fills its `char*`
// argument): a length past the memory passed (a bytearray's, a str's private copy) raises
// ValueError, as does a negative one.
namespace tl {
inline int fill_with(char *buf, std::size_t len, char c) {
    for (std::size_t i = 0; i < len; ++i) buf[i] = c;
    return static_cast<int>(len);
}
inline int fill_n(char *out, int n) { return fill_with(out, n < 0 ? 0 : n, 'n'); }
}  // namespace tl

// Lengths apart from their text and buffer (lz4's LZ4_compress_default(const char *src, char
// *dst, int srcSize, int dstCapacity)): checked all the same, by name.
namespace tl {
inline int copy_some(const char *src, char *dst, int srcSize, int dstCapacity) {
    int n = srcSize < dstCapacity ? srcSize : dstCapacity;
    for (int i = 0; i < n; ++i) dst[i] = src[i];
    return n;
}
}  // namespace tl

// A size named after something else is not the text's length (libarchive's
// archive_read_open_filename(a, const char *_filename, size_t _block_size): a block of 10240
// bytes was refused as "more than the 13 bytes" of the name).
namespace tl {
inline long open_named(const char *_filename, std::size_t _block_size) {
    return _filename ? static_cast<long>(_block_size) : -1;
}
}  // namespace tl
