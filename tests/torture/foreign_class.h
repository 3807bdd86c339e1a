// Declarations using a class of a header the module does not wrap are left out (SWIG, which
// reads only the wrapped headers, would spell it unqualified and the wrapper would not compile);
// a public field of a private nested class too; an enum of such a header too, and with it the
// shorter forms SWIG makes of an overload's default arguments. The rest of the class works.
#pragma once
#include "deps/piece.h"

namespace t_foreign {
struct PieceUser {
    int v = 1;
    int take(const far::Piece& p) const { return p.n; }  // expect SG337
    far::Piece make() const { return far::Piece{}; }  // expect SG337
    far::Piece* borrow() { return nullptr; }  // expect SG337
    far::Piece kept;  // expect SG337
    int twice() const { return 2 * v; }
    far::Shade shade() const { return far::Shade::dark; }  // expect SG337
    far::Weight weigh(far::Weight w) const { return 2 * w; }
};

struct Shaded {
    Shaded() = default;
    Shaded(int lv, far::Shade s, int extra = 0) : level(lv + extra + int(s)) {}  // expect SG337
    int level = 7;
};

class Hushed {
    struct Tag {};

  public:
    Tag tag;  // expect SG337
    int value = 3;
};
}  // namespace t_foreign
