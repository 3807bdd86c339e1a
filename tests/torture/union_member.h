#pragma once
namespace t_unions {
union Bits {  // expect SG301
    int i;
    float f;
};
struct Tagged {
    int tag = 0;
    Bits value;  // expect SG333
};
}  // namespace t_unions
