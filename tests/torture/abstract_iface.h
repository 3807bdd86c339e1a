#pragma once
#include <memory>
#include <string>
namespace t_iface {
struct Animal {
    virtual ~Animal() = default;
    virtual std::string sound() const = 0;
    virtual int legs() const = 0;
    std::string describe() const { return sound() + "/" + std::to_string(legs()); }
};
std::unique_ptr<Animal> make_animal(const std::string& kind);
inline int count_legs(const Animal& a) { return a.legs(); }
}  // namespace t_iface
