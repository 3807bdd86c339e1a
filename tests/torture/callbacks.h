#pragma once
#include <functional>
namespace t_callbacks {
typedef void (*Handler)(int);
using Visitor = std::function<bool(int)>;
void set_handler(Handler h);  // expect SG332
int visit(const Visitor& v);
struct Timer {
    Handler on_tick = nullptr;  // expect SG332
    Visitor on_visit;
    int period = 10;
    void every(int ms, std::function<void()> f);
    int fire() const { return period; }
};
}  // namespace t_callbacks
