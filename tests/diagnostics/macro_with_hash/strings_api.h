#pragma once
#define STR_TAGGED(tag) [[deprecated(#tag)]]
