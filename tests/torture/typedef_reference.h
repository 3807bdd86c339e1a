// operator[] whose result is a typedef of a const reference (`const_reference`, as in RE2's
// StringPiece): read-only items, not a non-const reference to a const element.
#pragma once
#include <cstddef>

namespace t_tdref {
class Chars {
  public:
    typedef char value_type;
    typedef const char& const_reference;
    typedef std::size_t size_type;
    const_reference operator[](size_type i) const { return data_[i]; }
    size_type size() const { return 3; }

  private:
    const char* data_ = "abc";
};
}  // namespace t_tdref
