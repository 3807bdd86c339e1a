#pragma once
namespace t_enumvals {
enum class Temp : int { Cold = -40, Freezing = 0, Hot = 100 };
enum class Perm : unsigned { Read = 1, Write = 2, Exec = 4 };
enum Tiny : unsigned char { TinyLow = 1, TinyHigh = 255 };
inline int degrees(Temp t) { return static_cast<int>(t); }
inline Temp warmer(Temp t) { return t == Temp::Cold ? Temp::Freezing : Temp::Hot; }
inline unsigned perm_mask(Perm a, Perm b) { return static_cast<unsigned>(a) | static_cast<unsigned>(b); }
inline int tiny_value(Tiny t) { return t; }
}  // namespace t_enumvals
