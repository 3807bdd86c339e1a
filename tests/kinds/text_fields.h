// A `char *` field pointing into memory Python never gave it (toml++'s error_builder::write_pos
// into its own buffer, a C struct's name pointing to static text): assigning it from Python
// freed the old pointer (abort). The text is copied, the old pointer left alone, as for a
// `const char *` field.
#pragma once

struct tf_rec {
    char *name;
    char buf[8];
    char *pos;
};
inline tf_rec tf_make() {
    static char text[] = "static";
    tf_rec r{};
    r.name = text;
    r.pos = r.buf;
    return r;
}
inline int tf_name_length(const tf_rec *r) {
    int n = 0;
    while (r->name && r->name[n]) ++n;
    return n;
}
