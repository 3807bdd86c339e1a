#pragma once
#include <string>
namespace t_spec {
template <class T>
struct Describe {  // swiggen: template(DescribeInt, int), template(DescribeText, std::string)
    static std::string name() { return "generic"; }
    int size() const { return static_cast<int>(sizeof(T)); }
};
template <>
struct Describe<int> {
    static std::string name() { return "int"; }
    int size() const { return 4; }
};
}  // namespace t_spec
