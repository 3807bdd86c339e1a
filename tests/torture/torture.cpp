#include "bitfields.h"
#include "callbacks.h"
#include "extern_c.h"
#include "singleton.h"

namespace t_callbacks {
void set_handler(Handler h) { h(1); }
int visit(const Visitor& v) { return v(1) ? 1 : 0; }
void Timer::every(int, std::function<void()> f) { f(); }
}  // namespace t_callbacks

extern "C" int c_point_sum(const c_point* p) { return p->x + p->y; }
extern "C" double c_rect_area(const struct c_rect* r) { return r->size[0] * r->size[1]; }

namespace t_singleton {
namespace {
struct Unit : Shape {
    double area() const override { return 1.0; }
};
}  // namespace
Shape* Shape::unit() {
    static Unit u;
    return &u;
}
}  // namespace t_singleton

#include "abstract_iface.h"
namespace t_iface {
namespace {
struct Dog : Animal {
    std::string sound() const override { return "woof"; }
    int legs() const override { return 4; }
};
struct Bird : Animal {
    std::string sound() const override { return "tweet"; }
    int legs() const override { return 2; }
};
}  // namespace
std::unique_ptr<Animal> make_animal(const std::string& kind) {
    if (kind == "dog") return std::make_unique<Dog>();
    if (kind == "bird") return std::make_unique<Bird>();
    return nullptr;
}
}  // namespace t_iface

#include "extern_var.h"
namespace t_externvar {
int g_extern_count = 3;
const double g_extern_rate = 0.5;
}  // namespace t_externvar
#include "incomplete_types.h"
#include "incomplete_defined.h"
namespace t_incomplete {
class Engine {
public:
    explicit Engine(int p) : power(p) {}
    int power;
};
Engine* engine_make(int power) {
    static Engine e(0);
    e.power = power;
    return &e;
}
int engine_power(const Engine& e) { return e.power; }
Wheel spare_wheel(int size) { return Wheel{size}; }
int Garage::power_of(const Engine* e) const { return e ? e->power * slots : -1; }
}  // namespace t_incomplete
