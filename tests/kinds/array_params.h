// A parameter declared as an array without a bound (`T x[]`) is the pointer C++ makes it
// (`T *x`): the kinds of pointer parameters take it (a numpy array and its length, a text, a
// main-style argv). It was left out (SWIG matched none of the pointer's typemaps).
#pragma once
#include <cstddef>

namespace ap {
inline double mean_of(const double xs[], std::size_t n) {
    double s = 0;
    for (std::size_t i = 0; i < n; ++i) s += xs[i];
    return n ? s / static_cast<double>(n) : 0.0;
}
inline void scale_all(float values[], int count, float by) {
    for (int i = 0; i < count; ++i) values[i] *= by;
}
// a typedef of an array without a bound is the same pointer; an array of arrays is left as it
// was (a pointer to arrays: no kind of ours, and the module still builds)
typedef double Samples[];
inline double first_sample(const Samples s, std::size_t n) { return n ? s[0] : -1.0; }
inline double corner(double m[][3], int rows) { return rows ? m[0][0] : -1.0; }
inline int text_length(const char text[]) {
    int n = 0;
    while (text[n]) ++n;
    return n;
}
}  // namespace ap
