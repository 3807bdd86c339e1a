#pragma once
// Declarations made by macros of an unwrapped header that paste (##) and stringize (#)
#include "deps/macro_paste_dep.h"
inline int T_PASTE(paste_, value)() { return 7; }
inline const char* t_name_of_value() { return T_NAME_OF(paste_value); }
