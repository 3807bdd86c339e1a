// Parameters C++ leaves unnamed: Python passes them by position only (with every parameter
// before them), in the wrapper, the stub, the text signature and an overload set's keywords.
#pragma once

#include <string>
#include <vector>

/// A C callback and its user data, both unnamed: one positional-only parameter in Python.
/// Declared first: the functions after it still refuse keywords naming their unnamed ones.
int each(int (*)(int, void *), void *);
/// A named callback, its unnamed user data, an unnamed count: all positional-only.
int each_times(int (*visit)(int, void *), void *, int);

/// Scales by an unnamed factor.
int scale(int);
/// A named parameter, an unnamed one, then a named one: `a` and the unnamed one are
/// positional-only, `c` is not.
int mix(int a, int, int c = 3);
/// Only the second is unnamed, and it has a default.
double tail(double x, double = 0.5);

/// An overload set with an unnamed parameter in one overload.
int over(int);
int over(const char *s, int times);

/// Converted arguments (a list to a vector, a str to a string), unnamed.
int words(const std::vector<std::string> &);
int count(const std::string &, char);

struct Text { int length = 0; };
struct Element { int depth = 0; };

/// A visitor whose default methods name none of their parameters (tinyxml2's XMLVisitor).
class Visitor {
public:
    virtual ~Visitor() = default;
    virtual bool visit(const Text &) { return false; }
    virtual bool visit(const Element &) { return false; }
    virtual int enter(const Element &, int) { return 0; }
};

/// An override that names them, its overloads in another order than its base's (the stub
/// lists them in the base's, as a type checker matches them).
class Printer : public Visitor {
public:
    Printer() = default;
    explicit Printer(int);
    bool visit(const Element &element) override { return element.depth > 0; }
    bool visit(const Text &text) override { return text.length > 0; }
    int enter(const Element &element, int depth) override { return element.depth + depth; }
    static int twice(int);
    int width = 0;
};
