// A function type typedef of a header the torture module does not wrap (function_types.h
// uses a pointer to it: the view spells it as the function pointer it stands for).
#pragma once
typedef int t_dep_visit_fn(void *user, int value);
