#include <memory>

namespace sp {

/// A value held by shared pointers.
class V {  // swiggen: implicit
public:
    explicit V(long long v);
    long long get() const;
};

std::shared_ptr<V> make(long long v);
long long value_of(const V& v);

}  // namespace sp
