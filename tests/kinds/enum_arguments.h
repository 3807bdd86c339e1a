// Ints given where an enum is taken, in each place a wrapper converts one: a parameter by value
// and by const reference, a constructor of a class with a member enum, a field. Out of the
// enum's values they are a ValueError, checked before the int becomes the enum (loading an enum
// that holds no value of it is undefined: UBSan's "load of value 12345, which is not a valid
// value for type 'Shade'", libuv's and libyaml's enums in the sanitized sweep).
#pragma once

namespace enumargs {

enum Shade { Light, Mid, Dark };

inline int shade_value(Shade s) { return static_cast<int>(s); }
inline int shade_ref_value(const Shade& s) { return static_cast<int>(s); }

class Palette {
public:
    enum Mode { Plain, Vivid, Muted };
    Palette() {}
    explicit Palette(Mode m) : mode_(m) {}
    int mode() const { return mode_; }

private:
    Mode mode_ = Plain;
};

struct Swatch {
    Shade shade;
    int count;
};

}  // namespace enumargs
