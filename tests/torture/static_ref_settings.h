#pragma once
namespace t_settings {
struct Settings {
    int verbosity = 1;
    static Settings& defaults() { static Settings s; return s; }
};
inline int current_verbosity() { return Settings::defaults().verbosity; }
}  // namespace t_settings
