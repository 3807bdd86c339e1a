#pragma once
// Static and member functions returning references: `T&` is a view that writes through,
// `const T&` a read-only view (a `static const` object may live in read-only memory).
namespace t_settings {
struct Tier {
    int n = 7;
    void bump() { ++n; }
    int get() const { return n; }
};
struct Settings {
    int verbosity = 1;
    Tier tier;
    static Settings& defaults() { static Settings s; return s; }
    static const Settings& frozen() { static const Settings s{}; return s; }
    const Tier& ctier() const { return tier; }
    Tier& mtier() { return tier; }
    const Tier& either() const { return tier; }
    Tier& either() { return tier; }
    void set(int v) { verbosity = v; }
    int get() const { return verbosity; }
};
inline int current_verbosity() { return Settings::defaults().verbosity; }
inline int read_settings(const Settings& s) { return s.verbosity; }
inline void write_settings(Settings& s) { s.verbosity = 99; }
inline void write_settings_ptr(Settings* s) { s->verbosity = 98; }
}  // namespace t_settings
