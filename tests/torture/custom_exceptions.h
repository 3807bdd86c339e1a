#pragma once
#include <stdexcept>
#include <string>
namespace t_exc {
struct BadInput : std::invalid_argument {
    explicit BadInput(const std::string& what) : std::invalid_argument(what) {}
};
struct TooFar : std::out_of_range {
    TooFar() : std::out_of_range("too far") {}
};
inline int checked_input(int v) { if (v < 0) throw BadInput("bad input"); return v; }
inline int checked_index(int i) { if (i > 3) throw TooFar(); return i; }
inline int checked_runtime(int v) { if (v == 0) throw std::runtime_error("zero"); return v; }
}  // namespace t_exc
