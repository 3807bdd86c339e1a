#pragma once
namespace t_externvar {
extern int g_extern_count;
extern const double g_extern_rate;
inline int extern_bump() { return ++g_extern_count; }
}  // namespace t_externvar
