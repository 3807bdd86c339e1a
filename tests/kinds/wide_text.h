// Narrow before wide: an overload set with a narrow and a wide text overload (Windows-shaped
// APIs: f(const char*) / f(const wchar_t*)) sends a str to the narrow one; SWIG's own order
// sent it to the wide one. A wide-only function still takes a str, astral characters too.
#pragma once
#include <cwchar>
#include <string>

namespace wt {
inline int which(const char *) { return 1; }
inline int which(const wchar_t *) { return 2; }
inline int which_s(const std::wstring &) { return 2; }
inline int which_s(const std::string &) { return 1; }
inline std::size_t wide_length(const wchar_t *s) { return std::wcslen(s); }
inline std::wstring wide_echo(const std::wstring &s) { return s; }
// a typedef of the template as written is std::wstring too (it came back a leaked pointer)
typedef std::basic_string<wchar_t> WideName;
inline WideName wide_name(const WideName &s) { return s + L"!"; }
// UTF-16 and UTF-32 strings are str too, surrogate pairs beyond the BMP included
inline std::u16string utf16_echo(const std::u16string &s) { return s + u"!"; }
inline std::size_t utf16_units(const std::u16string &s) { return s.size(); }
inline std::u32string utf32_echo(const std::u32string &s) { return s + U"!"; }
}  // namespace wt
