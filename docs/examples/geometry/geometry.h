// geometry.h: the example of README.md and docs/cli.md (their command transcripts are run
// against this folder by tests/test_transcripts.py)
#pragma once

namespace geo {
/// Area of a circle.
double circle_area(double r, int precision = 6);
double legacy_area(double r);  // swiggen: ignore
template <class T> struct Box { T value; };  // swiggen: template(IntBox, int)
}  // namespace geo
