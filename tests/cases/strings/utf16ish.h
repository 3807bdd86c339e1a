// UTF-16 and wide library string classes, shaped like ICU's UnicodeString (a counted buffer of
// char16_t, not NUL-terminated), Qt's QString (NUL-terminated unsigned short units out, made
// from UTF-8 with a length) and wxString (wchar_t).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

namespace icuish {
// swiggen: str(to=getBuffer, size=length, from=UnicodeString)
class UnicodeString {
public:
  UnicodeString() {}
  UnicodeString(const char16_t *text, int32_t textLength) : units(text, (size_t)textLength) {}
  explicit UnicodeString(char32_t ch) { units.push_back((char16_t)ch); }
  const char16_t *getBuffer() const { return units.data(); }
  int32_t length() const { return (int32_t)units.size(); }
  UnicodeString &append(const UnicodeString &o) {
    units += o.units;
    return *this;
  }

private:
  std::u16string units;
};
// UTF-16 code units: a character beyond the BMP is two
inline int32_t units_of(const UnicodeString &s) { return s.length(); }
inline UnicodeString twice(const UnicodeString &s) { return UnicodeString(s).append(s); }
}  // namespace icuish

namespace qtish {
using qsizetype = std::ptrdiff_t;
// swiggen: str(to=utf16, from=fromUtf8)
class QStr {
public:
  QStr() {}
  const unsigned short *utf16() const { return (const unsigned short *)d.c_str(); }
  static QStr fromUtf8(const char *s, qsizetype size = -1) {
    QStr q;
    std::string text = size < 0 ? std::string(s) : std::string(s, (size_t)size);
    for (size_t i = 0; i < text.size();) {  // UTF-8 to UTF-16
      unsigned char c = text[i];
      int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
      char32_t cp = n == 1 ? c : n == 2 ? c & 0x1F : n == 3 ? c & 0x0F : c & 0x07;
      for (int k = 1; k < n && i + k < text.size(); ++k) cp = (cp << 6) | (text[i + k] & 0x3F);
      if (cp >= 0x10000) {
        q.d += (char16_t)(0xD800 + ((cp - 0x10000) >> 10));
        q.d += (char16_t)(0xDC00 + ((cp - 0x10000) & 0x3FF));
      } else {
        q.d += (char16_t)cp;
      }
      i += n;
    }
    return q;
  }
  qsizetype size() const { return (qsizetype)d.size(); }
  QStr reversed() const {  // by code unit, pairs kept
    QStr q;
    for (size_t i = d.size(); i > 0; --i) {
      if (i >= 2 && d[i - 1] >= 0xDC00 && d[i - 1] < 0xE000) {
        q.d += d[i - 2];
        q.d += d[i - 1];
        --i;
      } else {
        q.d += d[i - 1];
      }
    }
    return q;
  }

private:
  std::u16string d;
};
inline qsizetype qsize(const QStr &s) { return s.size(); }
inline QStr qreverse(const QStr &s) { return s.reversed(); }
}  // namespace qtish

namespace wxish {
// swiggen: str(to=wc_str)
class wxStr {
public:
  wxStr() {}
  wxStr(const std::wstring &s) : d(s) {}
  const wchar_t *wc_str() const { return d.c_str(); }
  size_t Len() const { return d.size(); }

private:
  std::wstring d;
};
inline size_t wx_len(const wxStr &s) { return s.Len(); }
inline wxStr wx_upper(const wxStr &s) {
  std::wstring w = s.wc_str();
  for (wchar_t &c : w) if (c >= L'a' && c <= L'z') c -= 32;
  return wxStr(w);
}
}  // namespace wxish
