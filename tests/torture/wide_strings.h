#pragma once
// from the review's defect_wstring.h (its u32_code is char32.h's)
#include <cwchar>
#include <string>
namespace t_wide {
inline std::wstring wide_echo(const std::wstring& s) { return s + L"!"; }
inline std::wstring wide_make(int n) { return std::wstring(static_cast<size_t>(n), L'\u00e9'); }
inline std::size_t wide_len(const wchar_t* s) { return std::wcslen(s); }
inline wchar_t wide_next(wchar_t c) { return static_cast<wchar_t>(c + 1); }
struct WideLabel { std::wstring text = L"w"; };
}  // namespace t_wide
