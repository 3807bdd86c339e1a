#pragma once
#include <string>
namespace t_statics {
struct Counters {
    static int created;
    static const std::string kind;
    static inline int inline_count = 4;
    static int make() { return ++created; }
};
inline int Counters::created = 0;
inline const std::string Counters::kind = "registry";
}  // namespace t_statics
