// A compression library's shape (zlib's types and calls), with a run-length codec behind it:
// bytes in, bytes out, no annotation (tests/cases/cbuffers, docs/buffers... see test file).
#pragma once
#include <cstddef>
#include <cstdint>

namespace minz {

typedef unsigned char Byte;
typedef Byte Bytef;
typedef unsigned int uInt;
typedef unsigned long uLong;
typedef uLong uLongf;
typedef void* voidp;
typedef const void* voidpc;

enum { Z_OK = 0, Z_DATA_ERROR = -3, Z_BUF_ERROR = -5 };

// The most bytes compress() writes for sourceLen bytes.
uLong compressBound(uLong sourceLen);

// Run-length code source into dest: *destLen is dest's room, then the bytes written.
// Z_BUF_ERROR if dest is too small (*destLen then says how much was written).
int compress(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen);

// The inverse: Z_DATA_ERROR for a source compress() did not make, Z_BUF_ERROR if dest is too
// small.
int uncompress(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen);

// uncompress, which also says how much of source it read (*sourceLen, in and out).
int uncompress2(Bytef* dest, uLongf* destLen, const Bytef* source, uLong* sourceLen);

// A running checksum (adler-like) over a byte buffer.
uLong adler32(uLong adler, const Bytef* buf, uInt len);

// The library's version, copied into buf: *len is its room, then the characters written.
int zlibVersionInto(char* buf, std::size_t* len);

// Fill block with a byte pattern: *avail is its room, then the bytes written. The length is
// not named like one, so the directive names the pair.
// swiggen: bytes(block, avail)
int fill_pattern(Byte* block, uLong* avail, int times);

// An in-memory "file" of bytes.
typedef struct gzFile_s* gzFile;
struct gzFile_s {
  uLong written;
  uLong position;
  Byte data[256];
};

// Append len bytes of buf (at most what the file holds): the number written.
int gzwrite(gzFile file, voidpc buf, unsigned len);

// Read up to len bytes into buf: the number read.
int gzread(gzFile file, voidp buf, unsigned len);

// A stream of bytes read by method: the same shapes as the free functions.
class Source {
 public:
  explicit Source(int length) : length_(length < 0 ? 0 : length) {}
  // The next bytes (a counting pattern) into dest: *destLen is its room, then the bytes read.
  int read(Bytef* dest, uLongf* destLen);
  static int header(char* buf, std::size_t* len);
  int left() const { return length_ - position_; }

 private:
  int length_;
  int position_ = 0;
};

// Bytes summed, read through a plain void pointer and through uint8_t.
std::size_t sum_bytes(const void* data, std::size_t size);
std::size_t sum_u8(const std::uint8_t* data, std::size_t size);
// A const char* with its length is text (a str) unless bytes(...) says it is binary.
// swiggen: bytes(data, size)
std::size_t sum_chars(const char* data, std::size_t size);

}  // namespace minz
