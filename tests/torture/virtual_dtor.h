#pragma once
namespace t_vdtor {
struct Resource {
    static inline int alive = 0;
    Resource() { ++alive; }
    virtual ~Resource() { --alive; }
    virtual int kind() const { return 1; }
};
struct File : Resource {
    int kind() const override { return 2; }
};
inline int resource_kind(const Resource& r) { return r.kind(); }
inline int resources_alive() { return Resource::alive; }
}  // namespace t_vdtor
