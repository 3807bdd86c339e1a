// Default arguments written as braced initialisers after a type name (libpqxx's
// `const std::string &Desc = std::string{}`): SWIG's parser reads them only as a call's
// argument, so the view writes `T(T{...})`, which the wrapper's compiler evaluates the same.
#pragma once
#include <string>
#include <vector>

namespace braced {
struct Pair { int a = 0, b = 0; };

inline std::string label(const std::string &name = std::string{}) { return "[" + name + "]"; }
inline std::string greet(const std::string &who = std::string{"world"}) { return "hi " + who; }
inline int total(int base, Pair p = braced::Pair{1, 2}) { return base + p.a + p.b; }
inline int count(const std::vector<int> &v = std::vector<int>{4, 5, 6}) {
    return static_cast<int>(v.size());
}
inline int none(const std::vector<int> &v = {}) { return static_cast<int>(v.size()); }
inline std::string brace_text(const std::string &s = "{x}") { return s; }

class Query {
public:
    explicit Query(const std::string &sql, const std::string &desc = std::string{})
        : sql_(sql), desc_(desc) {}
    std::string describe(const std::string &prefix = std::string{"q:"}) const {
        return prefix + sql_ + "/" + desc_;
    }
private:
    std::string sql_, desc_;
};
}
