#pragma once
#include <string>
namespace t_constref {
class Named2 {
public:
    explicit Named2(std::string n) : name_(std::move(n)) {}
    const std::string& name() const { return name_; }
    const int& id() const { return id_; }

private:
    std::string name_;
    int id_ = 17;
};
}  // namespace t_constref
