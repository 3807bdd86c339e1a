// Directives written in the header, and (for "a header you cannot edit") in swiggen.toml.
#pragma once
#include <string>

namespace ann {

/**
 * Compute the area of a square.
 *
 * swiggen: rename(square_area)
 */
double area(double side);

double debug_dump();  // swiggen: ignore

// A plain comment is not a docstring, but may carry directives.
// swiggen: rename(perimeter_of_square)
double perimeter(double side);

/// Overloads can be addressed one at a time.
int convert(int v);
int convert(const std::string& s);  // swiggen: ignore

//! Qt-style doc comment.
class Widget {  // swiggen: rename(Gadget)
public:
    Widget() = default;
    int size = 1;                    // swiggen: rename(extent)
    int secret = 42;                 // swiggen: ignore
    int grow(int by);                ///< Grow by `by`; returns the new size.
    void reset();                    // swiggen: rename(clear)
    int legacy() const { return 0; }
};

class Internal {  // swiggen: ignore
public:
    int x = 0;
};

/// Directives from the config file apply here.
double config_target(double x);
double config_ignored();
struct Configured {
    int value = 5;
    int hidden = 0;
};

}  // namespace ann
