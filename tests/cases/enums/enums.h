// Enums: scoped and unscoped, nested in a class, as parameters, results and fields.
#pragma once

namespace pal {

/// Primary colours.
enum class Color { Red = 1, Green = 2, Blue = 4 };

/// An old-style enum: its members stay reachable at module level too.
enum Mode { MODE_FAST, MODE_SAFE = 10 };

enum class Weekday : unsigned char { Mon = 1, Tue, Wed };  // swiggen: rename(Day)

class Lamp {
public:
    /// Old-style nested enum: members reachable as Lamp::Warm in C++.
    enum Tone { Warm, Cold };
    Tone tone = Cold;
    /// How bright the lamp shines.
    enum class Level { Off, Dim, Full };
    Level level = Level::Off;
    Color color = Color::Red;
    void brighten();
    static Level max_level() { return Level::Full; }
};

/// Members named like Python keywords get a trailing underscore: Answer.None_, Step.pass_.
enum Answer { None, True, Maybe };
enum class Step { pass, yield };
Answer answer_after(Answer a);

/// The "struct holding an enum" idiom: NodeKind::Map in C++, NodeKind.Map in Python.
struct NodeKind {
    enum value { Null, Scalar, Map };
};
NodeKind::value kind_after(NodeKind::value k);

Color mix(Color a, Color b);
Color next(Color c);
int as_int(Color c);
Mode toggle(Mode m);
Weekday tomorrow(Weekday d);
/// Returns a value outside the enum: it comes back as a plain int.
Color invalid_color();
/// Overloads on an enum and an integer: a member picks the enum, a plain int the integer.
const char* kind_of(int n);
const char* kind_of(Color c);

}  // namespace pal

/// Two modules define a `Shared` struct: each must keep its own.
struct Shared { int from_enums = 2; };
Shared make_shared_value();
