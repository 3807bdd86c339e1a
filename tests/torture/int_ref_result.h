#pragma once
namespace t_intref {
struct Tally {
    static int& counter() { static int c = 0; return c; }
    int value = 5;
    int& value_ref() { return value; }
};
}  // namespace t_intref
