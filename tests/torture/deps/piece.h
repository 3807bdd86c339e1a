// A class of a header the torture module does not wrap (foreign_class.h uses it).
#pragma once
namespace far {
struct Piece {
    int n = 4;
};
enum class Shade { light, dark };
typedef double Weight;  // (a typedef SWIG learns from swiggen: not a foreign class)
}  // namespace far
