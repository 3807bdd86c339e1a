#pragma once
// not wrapped: macros that paste and stringize (SWIG never sees them: the view is expanded)
#define T_PASTE(a, b) a##b
#define T_NAME_OF(x) #x
