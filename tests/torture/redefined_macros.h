#pragma once
// A macro defined, #undef'd and defined again (pcre2.h's PCRE2_LOCAL_WIDTH: 8, 16, 32, each
// expanding the same declarations): the view keeps one constant, with the value the compile
// sees at the end of the header, or none if the header ends with it undefined.
#define T_RM_WIDTH 8
namespace t_rm { inline int width8() { return T_RM_WIDTH; } }
#undef T_RM_WIDTH
#define T_RM_WIDTH 16
namespace t_rm { inline int width16() { return T_RM_WIDTH; } }
#undef T_RM_WIDTH

#define T_RM_LEVEL 1
#undef T_RM_LEVEL
#define T_RM_LEVEL 2
#define T_RM_GONE 3
#if 0
#undef T_RM_LEVEL
#endif
#  undef  T_RM_GONE  /* an undef with a comment */
/* #undef T_RM_LEVEL: a comment's */
#define T_RM_NAME "first"
#undef T_RM_NAME
#define T_RM_NAME "second"
#define T_RM_NOT_CONSTANT 5
#undef T_RM_NOT_CONSTANT
#define T_RM_NOT_CONSTANT t_rm_width  // no longer a constant
