// operator[] without size() on a class that is N of its elements (Imath's Vec2/Vec3, a colour
// of four floats in a private array): bounded by N, so obj[N] is an IndexError and iteration
// stops there (it read past the object). A class that is not N elements stays unbounded and
// not iterable.
#pragma once

namespace fx {
template <class T> class Vec3 {
public:
  T x, y, z;
  Vec3() : x(0), y(0), z(0) {}
  Vec3(T a, T b, T c) : x(a), y(b), z(c) {}
  T &operator[](int i) { return (&x)[i]; }
  const T &operator[](int i) const { return (&x)[i]; }
  // element by element; % is the cross product (Imath's)
  Vec3 operator/(const Vec3 &o) const { return Vec3(x / o.x, y / o.y, z / o.z); }
  Vec3 &operator/=(const Vec3 &o) { x /= o.x; y /= o.y; z /= o.z; return *this; }
  Vec3 operator%(const Vec3 &o) const {
    return Vec3(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x);
  }
};
// elements read through a proxy that converts to int
struct Pair2 {
  int a = 0, b = 0;
  struct Ref {
    const int *p;
    operator int() const { return *p; }
  };
  Ref operator[](int i) const { return Ref{i ? &b : &a}; }
  Pair2 operator/(const Pair2 &o) const { return Pair2{a / o.a, b / o.b}; }
};
typedef Vec3<float> V3f;
typedef Vec3<double> V3d;
typedef Vec3<int> V3i;

class Rgba {
public:
  Rgba(float r, float g, float b, float a) : v{r, g, b, a} {}
  float operator[](unsigned i) const { return v[i]; }

private:
  float v[4];
};

class Ragged {  // not N of one element type: no bound known
public:
  int operator[](int i) const { return i == 0 ? n : (int)scale; }

private:
  int n = 1;
  double scale = 2;
};
}  // namespace fx

// Integer division by zero in an operator (Imath's `V2i / 0`): ZeroDivisionError, not SIGFPE.
namespace fx {
struct Cell {
  int n = 7;
  Cell operator/(int d) const { return Cell{n / d}; }
  Cell operator%(long d) const { return Cell{(int)(n % d)}; }
  Cell &operator/=(int d) { n /= d; return *this; }
  Cell operator/(double d) const { return Cell{(int)(n / d)}; }
};
}  // namespace fx
