#include "cbuffers.h"

#include <cstring>

namespace minz {

uLong compressBound(uLong sourceLen) { return 2 * sourceLen; }

int compress(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen) {
  uLong room = *destLen, out = 0;
  for (uLong i = 0; i < sourceLen;) {
    uLong run = 1;
    while (i + run < sourceLen && run < 255 && source[i + run] == source[i]) ++run;
    if (out + 2 > room) {
      *destLen = out;
      return Z_BUF_ERROR;
    }
    dest[out++] = (Byte)run;
    dest[out++] = source[i];
    i += run;
  }
  *destLen = out;
  return Z_OK;
}

int uncompress(Bytef* dest, uLongf* destLen, const Bytef* source, uLong sourceLen) {
  uLong room = *destLen, out = 0;
  if (sourceLen % 2) return Z_DATA_ERROR;
  for (uLong i = 0; i < sourceLen; i += 2) {
    uLong run = source[i];
    if (run == 0) return Z_DATA_ERROR;
    if (out + run > room) {
      *destLen = out;
      return Z_BUF_ERROR;
    }
    std::memset(dest + out, source[i + 1], run);
    out += run;
  }
  *destLen = out;
  return Z_OK;
}

int uncompress2(Bytef* dest, uLongf* destLen, const Bytef* source, uLong* sourceLen) {
  uLong room = *destLen, out = 0, i = 0;
  int rc = Z_OK;
  for (; i + 1 < *sourceLen; i += 2) {
    if (source[i] == 0) return Z_DATA_ERROR;
    if (out + source[i] > room) {
      rc = Z_BUF_ERROR;
      break;
    }
    std::memset(dest + out, source[i + 1], source[i]);
    out += source[i];
  }
  *destLen = out;
  *sourceLen = i;
  return rc;
}

uLong adler32(uLong adler, const Bytef* buf, uInt len) {
  uLong a = adler & 0xffff, b = (adler >> 16) & 0xffff;
  for (uInt i = 0; i < len; ++i) {
    a = (a + buf[i]) % 65521;
    b = (b + a) % 65521;
  }
  return (b << 16) | a;
}

int zlibVersionInto(char* buf, std::size_t* len) {
  static const char version[] = "1.2.13-rle";
  std::size_t n = sizeof(version) - 1;
  if (*len < n) return Z_BUF_ERROR;
  std::memcpy(buf, version, n);
  *len = n;
  return Z_OK;
}

int fill_pattern(Byte* block, uLong* avail, int times) {
  uLong n = times < 0 ? 0 : (uLong)times;
  if (n > *avail) n = *avail;
  for (uLong i = 0; i < n; ++i) block[i] = (Byte)('a' + i % 26);
  *avail = n;
  return times < 0 ? Z_DATA_ERROR : Z_OK;
}

int gzwrite(gzFile file, voidpc buf, unsigned len) {
  uLong room = sizeof(file->data) - file->written;
  uLong n = len < room ? len : room;
  std::memcpy(file->data + file->written, buf, n);
  file->written += n;
  return (int)n;
}

int gzread(gzFile file, voidp buf, unsigned len) {
  uLong left = file->written - file->position;
  uLong n = len < left ? len : left;
  std::memcpy(buf, file->data + file->position, n);
  file->position += n;
  return (int)n;
}

int Source::read(Bytef* dest, uLongf* destLen) {
  uLong n = 0;
  for (; n < *destLen && position_ < length_; ++n, ++position_) dest[n] = (Byte)position_;
  *destLen = n;
  return position_ < length_ ? 1 : 0;
}

int Source::header(char* buf, std::size_t* len) {
  if (*len < 2) return Z_BUF_ERROR;
  buf[0] = 'R';
  buf[1] = 'L';
  *len = 2;
  return Z_OK;
}

std::size_t sum_bytes(const void* data, std::size_t size) {
  return sum_u8(static_cast<const std::uint8_t*>(data), size);
}

std::size_t sum_chars(const char* data, std::size_t size) {
  return sum_u8(reinterpret_cast<const std::uint8_t*>(data), size);
}

std::size_t sum_u8(const std::uint8_t* data, std::size_t size) {
  std::size_t s = 0;
  for (std::size_t i = 0; i < size; ++i) s += data[i];
  return s;
}

}  // namespace minz
