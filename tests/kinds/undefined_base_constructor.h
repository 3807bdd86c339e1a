// A class deriving from a class template's instance whose default constructor is declared and
// never defined (flatbuffers' `struct String : Vector<char>`, `protected: Vector();`): the
// derived class has no Python constructor (its implicit one would need an undefined symbol),
// while what returns it still works.
#pragma once

namespace ub {
template <class T> class Span {  // swiggen: ignore
public:
    T first() const { return data_[0]; }
protected:
    Span();  // only views of existing data: never defined
    T data_[4];
};
struct Text : public Span<char> {
    char head() const { return first(); }
};
inline const Text *text_of(const char *bytes) {  // swiggen: borrowed
    return reinterpret_cast<const Text *>(bytes);
}
}  // namespace ub
