#pragma once
// The class incomplete_types.h only declares, defined by another wrapped header: complete in
// the wrapper, so what takes or returns it by value is wrapped
namespace t_incomplete {
struct Wheel {
    int size = 0;
};
}  // namespace t_incomplete
