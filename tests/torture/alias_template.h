#pragma once
namespace t_alias_tpl {
template <class T>
struct Cell {  // swiggen: template(IntCell, int), template(RealCell, double)
    T value{};
    T doubled() const { return value + value; }
};
using IntCellAlias = Cell<int>;
inline int cell_total(const IntCellAlias& c) { return c.value; }
inline IntCellAlias make_int_cell(int v) { IntCellAlias c; c.value = v; return c; }
}  // namespace t_alias_tpl
