#include "enums.h"

namespace pal {

void Lamp::brighten() {
    level = level == Level::Off ? Level::Dim : Level::Full;
}
Color mix(Color a, Color b) { return static_cast<Color>(static_cast<int>(a) | static_cast<int>(b)); }
Color next(Color c) {
    switch (c) {
        case Color::Red: return Color::Green;
        case Color::Green: return Color::Blue;
        default: return Color::Red;
    }
}
NodeKind::value kind_after(NodeKind::value k) {
    return k == NodeKind::Map ? NodeKind::Null : static_cast<NodeKind::value>(k + 1);
}
Answer answer_after(Answer a) { return a == None ? True : Maybe; }
int as_int(Color c) { return static_cast<int>(c); }
Mode toggle(Mode m) { return m == MODE_FAST ? MODE_SAFE : MODE_FAST; }
Weekday tomorrow(Weekday d) { return d == Weekday::Wed ? Weekday::Mon : static_cast<Weekday>(static_cast<int>(d) + 1); }
Color invalid_color() { return static_cast<Color>(99); }
const char* kind_of(int) { return "int"; }
const char* kind_of(Color) { return "Color"; }

}  // namespace pal

Shared make_shared_value() { return Shared(); }
