// Text and byte buffers named like out-parameters (uriparser's
// `wchar_t *uriEscapeW(const wchar_t *in, wchar_t *out, ...)`): the name rule makes out(NAME)
// only of one value, never of a character pointer, which is a buffer a single value overflows.
#pragma once
#include <cwchar>

namespace tb {
inline int count_out(int *out) { *out = 3; return 1; }  // a number: out by name
inline int wide_copy(const wchar_t *in, wchar_t *out) {
    int n = 0;
    while (in[n]) { out[n] = in[n]; ++n; }
    out[n] = 0;
    return n;
}
inline int narrow_result(char *result) { result[0] = 'x'; result[1] = 0; return 1; }
}  // namespace tb
