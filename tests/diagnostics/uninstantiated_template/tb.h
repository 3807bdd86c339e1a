// Instances of class templates the module does not instantiate (no template(...) directive, no
// typedef): SWIG would pass an opaque pointer that leaks; each declaration using one is left out
// with SG337 saying which instance to add (a std::string argument is not judged: its spelling
// differs between the directive and clang).
#pragma once
#include <string>
namespace w {
template <class T> struct Box { T v{}; };
inline Box<int> make() { return Box<int>{}; }
inline int take(const Box<int> &b) { return b.v; }
template <class T> struct Bag { T v{}; };  // swiggen: template(DoubleBag, double)
inline Bag<double> mk2() { return Bag<double>{}; }
inline Bag<int> mk3() { return Bag<int>{}; }
typedef Bag<long> LongBag;
inline LongBag mk4() { return LongBag{}; }
}
