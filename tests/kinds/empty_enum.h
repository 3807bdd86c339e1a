// An enum without enumerators (fmt's `enum class char8_type : unsigned char {};`): its Python
// IntEnum has an empty body.
#pragma once

namespace kinds {
enum class char8_type : unsigned char {};
inline int width(char8_type) { return 8; }
}  // namespace kinds
