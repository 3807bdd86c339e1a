#include <vector>

namespace nd {

/// implicit takes only `none`.
class Scalar {  // swiggen: implicit(zero)
public:
    Scalar();
};

/// pairs_if must name a method without parameters.
class Tree {  // swiggen: iterate(pairs_if=is_mapping)
public:
    bool is_map(int depth) const;
    std::vector<int>::const_iterator begin() const;
    std::vector<int>::const_iterator end() const;
};

/// values_as must name a wrapped class; arguments are key=value.
class Leaf {  // swiggen: iterate(pairs_if=empty, values_as=nd::Missing)
public:
    bool empty() const;
    std::vector<int>::const_iterator begin() const;
    std::vector<int>::const_iterator end() const;
};

/// iterate needs begin() and end().
class Flat {  // swiggen: iterate(pairs_if=empty)
public:
    bool empty() const;
};

class Odd {  // swiggen: iterate(IsMap)
public:
    bool IsMap() const;
};

}  // namespace nd
