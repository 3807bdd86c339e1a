#pragma once
namespace t_mutable {
class Memo {
public:
    int get() const { ++hits_; return 42; }
    int hits() const { return hits_; }
    mutable int lookups = 0;
    int look() const { return ++lookups; }

private:
    mutable int hits_ = 0;
};
}  // namespace t_mutable
