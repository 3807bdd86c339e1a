// units.h: the library's scale, included by shapes.h (not wrapped by itself: an edit here
// still rebuilds the bindings, through the dependency file swiggen writes for CMake)
#pragma once

namespace geometry {

/// Units per metre of every length the library returns.
inline constexpr double kScale = 1.0;

}  // namespace geometry
