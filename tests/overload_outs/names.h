// Classes whose C++ members are named like the methods SWIG's pointer object gives every
// wrapped class (append, next, own, disown, acquire): Python calls the C++ members, and a class
// without them has none.
#pragma once

#include <string>
#include <vector>

namespace ovl {

/// A list of names, as a library's string-list class (QStringList, wxArrayString) has it.
class NameList {
public:
    void append(const std::string& name);
    int size() const;
    /// The names in order, one per call ("" at the end), like a cursor.
    std::string next();
    /// Whether the list owns its storage (a member named like SWIG's `own`).
    bool own() const;
    /// Gives up its storage: a member named like SWIG's `disown`.
    void disown();
    /// Takes a lock: a member named like SWIG's `acquire`.
    int acquire(int timeout);

private:
    std::vector<std::string> names_;
    size_t cursor_ = 0;
    bool owned_ = true;
    int locks_ = 0;
};

/// A class with none of those members.
struct Plain {
    int x = 0;
};

/// Python subclasses override `visit` (a director class: SWIG would add `__disown__`).
class Visitor {  // swiggen: overridable
public:
    virtual ~Visitor();
    virtual int visit(int x);
};

int visitWith(Visitor& v, int x);

}  // namespace ovl
