// A free function that registers an observer with the library (glog's `AddLogSink(LogSink*)`):
// the library calls it later from a registry Python cannot see, so the module keeps the argument
// alive; a function that only uses its argument for the call keeps nothing.
#pragma once
#include <vector>

namespace rg {
class RgListener {
public:
    RgListener() { ++live; }
    RgListener(const RgListener &) { ++live; }
    virtual ~RgListener() { --live; }
    virtual void on(int v) { got += v; }
    int got = 0;
    static inline int live = 0;
};
inline std::vector<RgListener *> &rg_registry() {  // swiggen: ignore
    static std::vector<RgListener *> listeners;
    return listeners;
}
inline void rg_add_listener(RgListener *listener) { rg_registry().push_back(listener); }
inline int rg_notify(int v) {
    for (RgListener *l : rg_registry()) l->on(v);
    return static_cast<int>(rg_registry().size());
}
inline int rg_total(RgListener *listener) { return listener->got; }  // used for the call only
}  // namespace rg
