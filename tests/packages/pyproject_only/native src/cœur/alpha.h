// First module: a header in a folder whose name has a space and a non-ASCII letter.
#pragma once
#include <string>

namespace alpha {

/// The platform this module was built for (set per platform in pyproject.toml).
std::string platform();

/// Sum of two integers.
int add(int a, int b = 1);

/// A length, wrapped by alpha and used by beta (the two modules share the type).
struct Meters {
    double value = 0;
};

/// Not wrapped: pyproject.toml says `ignore`.
int hidden();

}  // namespace alpha
