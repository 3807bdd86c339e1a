// A class of a header the torture module does not wrap (foreign_class.h uses it).
#pragma once
namespace far {
struct Piece {
    int n = 4;
};
}  // namespace far
