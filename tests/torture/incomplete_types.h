#pragma once
// A class only declared here (pimpl, an opaque handle): pointers and references to it pass
// through; by value or owned through a smart pointer, the wrapper could not compile (SG338)
#include <memory>
namespace t_incomplete {
class Engine;  // defined in torture.cpp only
struct Wheel;  // defined in incomplete_defined.h, also wrapped
Wheel spare_wheel(int size);
// swiggen: borrowed
Engine* engine_make(int power);
int engine_power(const Engine& e);
std::unique_ptr<Engine> engine_own(int power);  // expect SG338
void engine_share(std::shared_ptr<Engine> e);  // expect SG338
struct Garage {
    int slots = 2;
    std::unique_ptr<Engine> spare() const;  // expect SG338
    Engine take(int k);  // expect SG338
    int power_of(const Engine* e) const;
};
}  // namespace t_incomplete
