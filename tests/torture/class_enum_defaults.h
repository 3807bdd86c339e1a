#pragma once
namespace t_widget {
struct Widget {
    enum Style { Flat, Raised = 5 };
    enum class Edge : short { Sharp = -2, Round = 2 };
    int draw(Style s = Raised, Edge e = Edge::Sharp) const { return s * 10 + static_cast<int>(e); }
};
inline int widget_draw(Widget::Style s = Widget::Flat) { return s + 1; }
}  // namespace t_widget
