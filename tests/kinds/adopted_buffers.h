// Functions whose names say they take over (own, adopt) or free the memory they are given, with a
// writable binary buffer and its length (pugixml's `load_buffer_inplace_own(void *contents,
// size_t size)`: "document will free the buffer"): Python memory (a bytearray, a numpy array)
// must never reach them. Their plain siblings keep taking it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace adopted {

struct Doc {
    void* kept = nullptr;
    ~Doc() { std::free(kept); }
    /// Parses the buffer in place; the document frees it.
    bool load_inplace_own(void* contents, std::size_t size) { kept = contents; return size > 0; }
    /// Parses the buffer in place; the caller keeps it.
    bool load_inplace(void* contents, std::size_t size) { return contents && size > 0; }
};

/// Takes the bytes over and frees them.
inline int adopt_bytes(std::uint8_t* data, std::size_t n) { std::free(data); return static_cast<int>(n); }
inline int free_block(unsigned char* data, std::size_t n) { std::free(data); return static_cast<int>(n); }
/// Only reads and writes them.
inline int zero_bytes(std::uint8_t* data, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) data[i] = 0;
    return static_cast<int>(n);
}

}  // namespace adopted
