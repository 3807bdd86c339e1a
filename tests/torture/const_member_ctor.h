#pragma once
namespace t_constmem {
struct Fixed {
    const int id;
    int extra = 0;
    explicit Fixed(int i) : id(i) {}
};
inline int fixed_id(const Fixed& f) { return f.id + f.extra; }
}  // namespace t_constmem
