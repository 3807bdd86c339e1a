// Anonymous namespaces: internal linkage, so nothing in them is wrapped, at any depth; what
// stands next to them is (the enclosing namespace must not be dropped with them).
namespace t_anonns {
namespace {  // expect SG301
inline int anon_hidden() { return 1; }
}
inline int anon_visible() { return 2; }
}
namespace {  // expect SG301
inline int anon_top_hidden() { return 3; }
}
