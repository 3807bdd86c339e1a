// nlohmann/json's shape: the umbrella defines the library's macros first (detail/scope.h),
// its parts use them in templates, and it undefines them last (detail/unscope.h). A part
// included before scope.h does not compile: the wrapper includes the umbrella first.
#pragma once
#include "detail/scope.h"
#include "detail/escape.h"
#include "detail/find.h"
#include "detail/unscope.h"
