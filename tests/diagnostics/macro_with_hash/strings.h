#pragma once
#include "strings_api.h"

STR_TAGGED(version) int version();
