// A `const T*` result is a read-only view, as a `const T&` one is (expat's
// `const XML_Feature *XML_GetFeatureList(void)`: a static const table, which a field
// assignment wrote into read-only memory). One the caller owns (newobject) is writable.
#pragma once

extern "C" {
typedef struct cp_feature { int kind; const char *name; long value; } cp_feature;
inline const cp_feature *cp_features(void) {  // swiggen: borrowed
    static const cp_feature table[] = {{1, "one", 10}, {0, nullptr, 0}};
    return table;
}
inline long cp_value(const cp_feature *f) { return f->value; }
inline void cp_bump(cp_feature *f) { ++f->value; }
inline const cp_feature *cp_fresh(long v) {  // swiggen: newobject
    return new cp_feature{2, "fresh", v};
}
}
