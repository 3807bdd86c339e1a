#pragma once
namespace t_nested_cls {
struct Outer {
    struct Inner {
        int v = 4;
        int twice() const { return v * 2; }
    };
    Inner inner;
    Inner make_inner(int v) const { Inner i; i.v = v; return i; }
};
}  // namespace t_nested_cls
