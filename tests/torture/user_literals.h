#pragma once
// User-defined literals (nlohmann's `operator "" _json_pointer`): left out with a warning,
// and nothing in the interface names them (SWIG cannot parse `%ignore ns::operator""_x;`),
// whichever way lowering leaves them out (a literal of a wrapped class: tests/cases/modern).
#include <cstddef>
#include <string>
#include "deps/piece.h"
namespace t_udl {
struct Marked {
    std::string s;
    std::size_t n = 0;
};
inline Marked marked(const char* s) { return Marked{s, 0}; }
/// A literal with documentation, returning a class the module does not wrap.
inline far::Piece operator"" _piece(unsigned long long v) { return far::Piece{int(v)}; }  // expect SG337
template <char... Cs> int operator""_bits() { return int(sizeof...(Cs)); }  // expect SG303
inline namespace literals {
namespace pointer_literals {  // (nlohmann::literals::json_literals)
inline far::Piece operator""_piece_at(const char* s, std::size_t n) { return far::Piece{int(n)}; }  // expect SG337
}  // namespace pointer_literals
}  // namespace literals
}  // namespace t_udl
