#pragma once
namespace t_multi {
struct Named {
    int name_id() const { return 11; }
};
struct Sized {
    int size_of() const { return 22; }
    int shared_tag = 3;
};
struct Both2 : Named, Sized {
    int combined() const { return name_id() + size_of(); }
};
inline int read_sized(const Sized& s) { return s.size_of() + s.shared_tag; }
}  // namespace t_multi
